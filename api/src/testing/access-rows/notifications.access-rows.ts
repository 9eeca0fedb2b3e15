import { randomBytes, createECDH } from 'node:crypto';
import { schema } from '@signingdesk/db';
import { otherAgentEmail, userIdOf } from '../fixtures';
import { everyone, operatorsOnly, type Caller, type RowsFactory } from '../access-matrix';

const EMAILS: Record<Exclude<Caller, 'visitor' | 'otherAgent'>, string> = {
  pendingAgent: 'pending-agent@demo.test',
  agent: 'agent@demo.test',
  escrowA: 'escrow@firm-a.demo.test',
  escrowB: 'escrow@firm-b.demo.test',
  orgAdmin: 'orgadmin@firm-a.demo.test',
  subAdmin: 'subadmin@demo.test',
  admin: 'admin@demo.test',
};

let devices = 0;
/** A browser-like subscription body with a fresh endpoint and valid keys. */
function deviceBody(caller: Caller) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${caller}-${++devices}-${randomBytes(4).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** Matrix rows of the notifications routes. */
export const notificationsAccessRows: RowsFactory = ({ t, fixtures }) => {
  const signedIn = everyone(200, { visitor: 401 });
  return {
    'GET /push/vapid-public-key': { fixture: fixtures.none, expect: signedIn },
    'GET /push/subscriptions': { fixture: fixtures.none, expect: signedIn },
    'POST /push/subscriptions': {
      fixture: async (caller) => ({ params: {}, body: deviceBody(caller) }),
      expect: everyone(201, { visitor: 401 }),
    },
    'DELETE /push/subscriptions': {
      // Each caller removes a subscription of its own.
      fixture: async (caller) => {
        const body = deviceBody(caller);
        if (caller !== 'visitor') {
          const email = caller === 'otherAgent' ? await otherAgentEmail(t) : EMAILS[caller];
          await t.database.db
            .insert(schema.pushSubscriptions)
            .values({ userId: await userIdOf(t, email), endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
        }
        return { params: {}, body: { endpoint: body.endpoint } };
      },
      expect: signedIn,
    },
    'GET /outbox': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'GET /notifications/jobs': { fixture: fixtures.none, expect: operatorsOnly(200) },
  };
};
