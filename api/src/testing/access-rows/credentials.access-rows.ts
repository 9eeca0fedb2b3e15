import { schema } from '@signingdesk/db';
import { addDays, credentialDay } from '@signingdesk/domain/credentials';
import { and, eq, isNull } from 'drizzle-orm';
import { otherAgentEmail, userIdOf } from '../fixtures';
import { everyone, operatorsOnly, type Caller, type Fixture, type RowsFactory } from '../access-matrix';

/** Matrix rows of the credentials routes (issue 31): an agent reaches only their own; escrow nothing. */
export const credentialsAccessRows: RowsFactory = async ({ t, agentId }) => {
  const db = t.database.db;
  const today = credentialDay();
  const agentUsers: Partial<Record<Caller, string>> = {
    agent: agentId,
    pendingAgent: await userIdOf(t, 'pending-agent@demo.test'),
    otherAgent: await userIdOf(t, await otherAgentEmail(t)),
  };
  const ownerOf = (caller: Caller) => agentUsers[caller] ?? agentId;
  /** A current W-9 waiting for review, of `owner` (the one before it stamped replaced). */
  const freshW9 = async (owner: string, withDocument = false) => {
    const c = schema.agentCredentials;
    await db
      .update(c)
      .set({ replacedAt: new Date() })
      .where(and(eq(c.agentId, owner), eq(c.kind, 'w9'), isNull(c.replacedAt)));
    const [row] = await db
      .insert(c)
      .values({ agentId: owner, kind: 'w9', issuedOn: addDays(today, -3) })
      .returning();
    if (withDocument) {
      const [file] = await db
        .insert(schema.files)
        .values({
          credentialId: row!.id,
          kind: 'credential',
          fileName: 'w9.pdf',
          storageKey: `credentials/${row!.id}/matrix`,
          contentType: 'application/pdf',
          sizeBytes: 10,
          uploadedBy: owner,
          uploadConfirmed: true,
        })
        .returning();
      await db.update(c).set({ fileId: file!.id }).where(eq(c.id, row!.id));
    }
    return row!.id;
  };
  const agentsOnly = (ok: number) => everyone(403, { visitor: 401, pendingAgent: ok, agent: ok, otherAgent: ok });
  const ownW9 = async (caller: Caller): Promise<Fixture> => ({ params: { id: await freshW9(ownerOf(caller)) } });
  return {
    'GET /agents/me/credentials': { fixture: async () => ({ params: {} }), expect: agentsOnly(200) },
    'POST /agents/me/credentials': {
      fixture: async (caller) => {
        await freshW9(ownerOf(caller));
        // The fresh one is replaced too, so the caller has no current W-9 to conflict with.
        await db
          .update(schema.agentCredentials)
          .set({ replacedAt: new Date() })
          .where(and(eq(schema.agentCredentials.agentId, ownerOf(caller)), eq(schema.agentCredentials.kind, 'w9')));
        return { params: {}, body: { kind: 'w9', issuedOn: today } };
      },
      expect: agentsOnly(201),
    },
    'POST /agents/me/credentials/:id/renewals': {
      fixture: async (caller) => ({ ...(await ownW9(caller)), body: { issuedOn: today } }),
      expect: agentsOnly(201),
    },
    'POST /agents/me/credentials/:id/document/uploads': {
      fixture: async (caller) => ({ ...(await ownW9(caller)), body: { fileName: 'w9.pdf', size: 1000, contentType: 'application/pdf' } }),
      expect: agentsOnly(201),
    },
    // The demo agent's document: that agent and operators; everyone else as if it did not exist.
    'POST /credentials/:id/document/download': {
      fixture: async () => ({ params: { id: await freshW9(agentId, true) } }),
      expect: everyone(404, { visitor: 401, agent: 200, subAdmin: 200, admin: 200 }),
    },
    'GET /agents/:id/credentials': { fixture: async () => ({ params: { id: agentId } }), expect: operatorsOnly(200) },
    'POST /credentials/:id/verify': { fixture: async () => ({ params: { id: await freshW9(agentId) } }), expect: operatorsOnly(200) },
    'POST /credentials/:id/reject': {
      fixture: async () => ({ params: { id: await freshW9(agentId) }, body: { reason: 'Unsigned' } }),
      expect: operatorsOnly(200),
    },
  };
};
