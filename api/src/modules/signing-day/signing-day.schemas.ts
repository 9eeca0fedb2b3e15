import { z } from '@hono/zod-openapi';
import {
  ReturnShipmentInputSchema,
  SignerAnswerInputSchema,
  SignerConfirmationInputSchema,
  SignerLinkInputSchema,
} from '@signingdesk/domain/signing-day-input';

export const SignerConfirmationBodySchema = SignerConfirmationInputSchema.openapi('SignerConfirmationInput');
export const SignerLinkBodySchema = SignerLinkInputSchema.openapi('SignerLinkInput');
export const ReturnShipmentBodySchema = ReturnShipmentInputSchema.openapi('ReturnShipmentInput');
export const SignerAnswerBodySchema = SignerAnswerInputSchema.openapi('SignerAnswer');

export const SignerTokenParamSchema = z.object({
  token: z.string().openapi({ param: { name: 'token', in: 'path' }, description: 'The token of the link the signer was sent' }),
});

/** All a signer's page shows: when and in which city, nothing else of the order. */
export const SignerLinkViewSchema = z
  .object({
    date: z.string().openapi({ example: '12/01/2026' }),
    time: z.string().openapi({ example: '2:00 PM PT' }),
    city: z.string(),
    answered: z.boolean().openapi({ description: 'The link was already answered: it takes no other answer' }),
  })
  .openapi('SignerLinkView');

export const SignerAnswerResultSchema = z.object({ message: z.string() }).openapi('SignerAnswerResult');
