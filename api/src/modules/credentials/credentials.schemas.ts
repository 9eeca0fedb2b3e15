/**
 * Request and response schemas of the agent's credentials (issue 31): what the agent adds and
 * renews, and what the agent and operators read. The per-kind checks are domain/credential-input.ts.
 */
import { z } from '@hono/zod-openapi';
import { CREDENTIAL_KINDS, CREDENTIAL_REVIEWS } from '@signingdesk/domain/credentials';

const text = z.string().max(500).nullable().optional();

/** The fields a kind's form sends; which are required depends on the kind (400 names the field as the form labels it). */
const credentialFields = {
  state: text.openapi({ description: 'commission, surety_bond: one of the agent’s certified states', example: 'TX' }),
  number: text.openapi({ description: 'commission: commission number; surety_bond: bond number' }),
  nameOnDocument: text.openapi({ description: 'commission: the name on the commission' }),
  provider: text.openapi({ description: 'eo_insurance: carrier; background_check: provider; surety_bond: surety' }),
  coverageCents: z
    .number()
    .int()
    .nullable()
    .optional()
    .openapi({ description: 'eo_insurance: coverage; surety_bond: bond amount (cents)' }),
  issuedOn: text.openapi({ description: 'YYYY-MM-DD, not after today: background check passed, NNA certification, W-9 signed' }),
  expiresOn: text.openapi({ description: 'YYYY-MM-DD, after today: commission, E&O, surety bond, NNA (optional)' }),
};

export const AddCredentialSchema = z
  .object({ kind: z.enum(CREDENTIAL_KINDS), ...credentialFields })
  .strict()
  .openapi('AddCredential');
export type AddCredentialInput = z.infer<typeof AddCredentialSchema>;

/** A renewal keeps the kind and the state of the credential it replaces. */
export const RenewCredentialSchema = z
  .object({ ...credentialFields })
  .omit({ state: true })
  .strict()
  .openapi('RenewCredential');
export type RenewCredentialInput = z.infer<typeof RenewCredentialSchema>;

export const RejectCredentialSchema = z
  .object({
    reason: z.string().max(500).openapi({ description: 'Shown to the agent: "Rejected: <reason>"', example: 'The photo is unreadable' }),
  })
  .strict()
  .openapi('RejectCredential');

export const CredentialDocumentUploadSchema = z
  .object({
    fileName: z.string().min(1).max(255),
    size: z.number().int().min(1),
    contentType: z.string().max(200).optional(),
  })
  .strict()
  .openapi('CredentialDocumentUpload');

export const CredentialIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Credential id (UUID)' }),
});

export const CredentialSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CREDENTIAL_KINDS),
    kindLabel: z.string().openapi({ example: 'Notary commission' }),
    state: z.string().nullable(),
    number: z.string().nullable(),
    nameOnDocument: z.string().nullable(),
    provider: z.string().nullable(),
    coverageCents: z.number().nullable(),
    issuedOn: z.string().nullable(),
    expiresOn: z.string().nullable(),
    review: z.enum(CREDENTIAL_REVIEWS),
    rejectReason: z.string().nullable(),
    status: z
      .object({ tone: z.enum(['verified', 'waiting', 'expiring', 'expired', 'rejected']), text: z.string() })
      .openapi({ description: 'credentialState: "Verified", "Waiting for review", "Expires in 12 days", "Expired — …", "Rejected: …"' }),
    document: z
      .object({ fileName: z.string(), contentType: z.string() })
      .nullable()
      .openapi({ description: 'The uploaded photo or PDF; download it with POST /credentials/{id}/document/download' }),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
    replacedAt: z.string().nullable().openapi({ description: 'Set when a renewal replaced it (history)' }),
  })
  .openapi('Credential');
export type CredentialItem = z.infer<typeof CredentialSchema>;

export const OwnCredentialsSchema = z
  .object({
    today: z.string().openapi({ description: 'The day the states are judged on (YYYY-MM-DD)' }),
    certifiedStates: z.array(z.string()),
    credentials: z.array(CredentialSchema).openapi({ description: 'Current credentials (not replaced)' }),
  })
  .openapi('OwnCredentials');

export const AgentCredentialsSchema = z
  .object({
    verified: z.boolean().openapi({ description: 'agentVerified: every required credential verified and in date' }),
    current: z.array(CredentialSchema),
    history: z.array(CredentialSchema).openapi({ description: 'Replaced credentials, newest first' }),
  })
  .openapi('AgentCredentials');
