import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { newApiKey } from '../../lib/api-key-actor';
import { everyone, type RowsFactory } from '../access-matrix';
import { userIdOf } from '../fixtures';

/**
 * Matrix rows of the firm API keys (issue 34): the org admin creates, lists and revokes the
 * firm's keys; operators list and revoke every firm's; no one else reaches them. (What a key
 * itself may call is the matrix's key-caller test, read from the OpenAPI document.)
 */
export const apiKeysAccessRows: RowsFactory = async ({ t }) => {
  const orgAdminId = await userIdOf(t, 'orgadmin@firm-a.demo.test');
  const [profile] = await t.database.db.select().from(schema.profiles).where(eq(schema.profiles.userId, orgAdminId));
  const firmAKey = async () => {
    const fresh = newApiKey();
    const [key] = await t.database.db
      .insert(schema.apiKeys)
      .values({
        firmId: profile!.firmId,
        name: 'Matrix key',
        prefix: fresh.prefix,
        tokenHash: fresh.tokenHash,
        scopes: ['orders:read'],
        createdBy: orgAdminId,
      })
      .returning();
    return { params: { keyId: key!.id } };
  };
  return {
    'GET /api-keys': {
      fixture: async () => ({ params: {} }),
      expect: everyone(403, { visitor: 401, orgAdmin: 200, subAdmin: 200, admin: 200 }),
    },
    'POST /api-keys': {
      fixture: async () => ({ params: {}, body: { name: 'Matrix system', scopes: ['orders:read'] } }),
      expect: everyone(403, { visitor: 401, orgAdmin: 201 }),
    },
    'POST /api-keys/:keyId/revoke': {
      fixture: firmAKey,
      expect: everyone(403, { visitor: 401, orgAdmin: 200, subAdmin: 200, admin: 200 }),
    },
  };
};
