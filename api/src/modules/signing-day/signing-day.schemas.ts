import { z } from '@hono/zod-openapi';
import {
  AT_RISK,
  AT_RISK_REASONS,
  ESCROW_NEED_REASONS,
  ESCROW_NEEDS,
  type AtRiskReason,
  type EscrowNeed,
} from '@signingdesk/domain/reminders';
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

/** A list of orders past one of their reminders (issue 33, item 6): the operators' or the escrow officer's. */
const pastDueListOf = (reasons: readonly [string, ...string[]], name: string, label: string) =>
  z
    .object({
      items: z.array(
        z.object({
          appointmentId: z.string(),
          name: z.string(),
          fileNumber: z.string().nullable(),
          firmName: z.string(),
          place: z.string().openapi({ example: 'Los Angeles, CA' }),
          signingText: z.string().openapi({ example: '12/02/2026, 2:30 PM PT', description: "The signing's date and time in its zone" }),
          reason: z.enum(reasons),
          label: z.string().openapi({ example: label }),
          action: z.string().openapi({ description: 'The one action that resolves it' }),
          since: z.number().int().openapi({ description: 'Epoch seconds: when the order became at risk' }),
          sinceText: z.string().openapi({ description: "That instant in the order's zone" }),
        }),
      ),
    })
    .openapi(name);

export const AtRiskListSchema = pastDueListOf(
  AT_RISK_REASONS as [AtRiskReason, ...AtRiskReason[]],
  'AtRiskList',
  AT_RISK.documents_3h.label,
);
export const EscrowNeedsListSchema = pastDueListOf(
  ESCROW_NEED_REASONS as [EscrowNeed, ...EscrowNeed[]],
  'EscrowNeedsList',
  ESCROW_NEEDS.documents_24h.label,
);
