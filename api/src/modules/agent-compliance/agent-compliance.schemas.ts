/**
 * Request and response schemas of the agents' compliance routes (issue 31, decision 065): a
 * firm's requirements, the credential audit exports and the Dashboard's credential counts and
 * lists. The firm-requirements form's rules live in domain/firm-requirements.ts, shared with the
 * console's form.
 */
import { z } from '@hono/zod-openapi';
import { CREDENTIAL_KINDS, CREDENTIAL_REVIEWS } from '@signingdesk/domain/credentials';
import { FirmRequirementsInputSchema } from '@signingdesk/domain/firm-requirements';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { CREDENTIAL_BUCKETS } from './expiring-credentials';

export const FirmRequirementsBodySchema = FirmRequirementsInputSchema.openapi('FirmRequirementsInput');

export const FirmRequirementsSchema = z
  .object({
    firmId: z.string(),
    firmName: z.string(),
    minEoCoverageCents: z.number().int().nullable().openapi({ description: 'Minimum E&O coverage in cents; null: none' }),
    maxBackgroundCheckAgeDays: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Maximum age of the background check in days; null: none' }),
    nnaRequired: z.boolean(),
    summary: z.string().openapi({ description: 'The requirements in one sentence' }),
  })
  .openapi('FirmRequirements');

export const FirmRequirementsSavedSchema = z
  .object({ message: z.string(), requirements: FirmRequirementsSchema })
  .openapi('FirmRequirementsSaved');

export const IdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'UUID' }),
});

export const CredentialCountsSchema = z
  .object({
    today: z.string().openapi({ description: 'The day counted on (YYYY-MM-DD, Central)' }),
    buckets: z.array(z.object({ bucket: z.enum(CREDENTIAL_BUCKETS), label: z.string(), count: z.number().int() })),
  })
  .openapi('CredentialCounts');

export const CredentialBucketParamSchema = z.object({
  bucket: z.enum(CREDENTIAL_BUCKETS).openapi({ param: { name: 'bucket', in: 'path' } }),
});

export const CredentialBucketQuerySchema = z.object({ ...pageQueryFields({ defaultPageSize: 25, maxPageSize: 100 }) });

export const CredentialBucketListSchema = z
  .object({
    bucket: z.enum(CREDENTIAL_BUCKETS),
    label: z.string(),
    today: z.string(),
    items: z.array(
      z.object({
        id: z.string(),
        agentId: z.string(),
        agentName: z.string(),
        agentEmail: z.string(),
        kind: z.enum(CREDENTIAL_KINDS),
        state: z.string().nullable(),
        number: z.string().nullable(),
        credential: z.string().openapi({ description: 'As the agent names it: "Notary commission (TX)"' }),
        expiresOn: z.string(),
        review: z.enum(CREDENTIAL_REVIEWS),
      }),
    ),
    ...pageResultFields,
  })
  .openapi('CredentialBucketList');
