import { z } from '@hono/zod-openapi';
import { AT_RISK_REASONS } from '@signingdesk/domain/reminders';
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

export const AtRiskListSchema = z
  .object({
    items: z.array(
      z.object({
        appointmentId: z.string(),
        name: z.string(),
        fileNumber: z.string().nullable(),
        firmName: z.string(),
        place: z.string().openapi({ example: 'Los Angeles, CA' }),
        reason: z.enum(AT_RISK_REASONS),
        label: z.string().openapi({ example: 'No documents 3 hours before the signing' }),
        action: z.string().openapi({ description: 'The one action that resolves it' }),
        since: z.number().int().openapi({ description: 'Epoch seconds: when the order became at risk' }),
        sinceText: z.string().openapi({ description: "That instant in the order's zone" }),
      }),
    ),
  })
  .openapi('AtRiskList');
