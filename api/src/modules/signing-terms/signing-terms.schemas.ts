import { z } from '@hono/zod-openapi';
import { FirmTermsInputSchema } from '@signingdesk/domain/signing-terms-input';
import { SigningTermsSchema } from '../appointments/appointments.schemas';

export const FirmTermsBodySchema = FirmTermsInputSchema.openapi('FirmOrderTermsInput');

export const FirmTermsSchema = SigningTermsSchema.pick({
  scanBackHours: true,
  returnMethod: true,
  returnCarrier: true,
  shipByDay: true,
  shipByTime: true,
  printedBy: true,
  paymentTermsDays: true,
  tripFeeCents: true,
  extraSignerFeeCents: true,
})
  .extend({
    firmId: z.string(),
    firmName: z.string(),
    summary: z.string().openapi({ description: 'The defaults in one line, as the firm’s page shows them' }),
  })
  .openapi('FirmOrderTerms');

export const FirmTermsSavedSchema = z.object({ message: z.string(), terms: FirmTermsSchema }).openapi('FirmOrderTermsSaved');
