/**
 * The OpenAPI document as integrators' tools read it: every operation has its own operationId,
 * declares the credential its `x-roles` promise (none for public routes, the session cookie
 * for every other), and sits under a declared, described tag. The session scheme names the
 * cookie sign-in really sets, so a client built from the document can use the session.
 */
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { API_KEY_SCHEME, SESSION_SCHEME } from './lib/openapi';
import { isApiKeyScope } from '@signingdesk/domain/api-keys';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@signingdesk/domain/webhook-url';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@signingdesk/domain/webhooks';
import { createTestApp, readJson, type TestApp } from './testing/test-app';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function operationsOf(doc: { paths: Record<string, Partial<Record<string, Operation>>> }) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ route: `${method.toUpperCase()} ${path}`, operation: item[method] }] : [])),
  );
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: any;

  beforeAll(async () => {
    t = await createTestApp({ agentCount: 0 });
    doc = await readJson(await t.request('/api/openapi.json'));
  });
  afterAll(() => t.close());

  it('gives every operation its own camelCase operationId', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter(({ operation }) => !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? ''));
    expect(missing.map(({ route }) => route)).toEqual([]);
    const seen = new Map<string, string[]>();
    for (const { route, operation } of operations) seen.set(operation.operationId!, [...(seen.get(operation.operationId!) ?? []), route]);
    expect([...seen.values()].filter((routes) => routes.length > 1)).toEqual([]);
  });

  it('requires the session on every operation but the public ones', () => {
    const wrong = operationsOf(doc).flatMap(({ route, operation }) => {
      const roles = operation['x-roles'];
      if (!roles || roles.length === 0) return [`${route}: no x-roles`];
      // A firm API key is the other way in, on the operations that name one scope for it (issue 34).
      const byKey = operation.security?.find((requirement) => API_KEY_SCHEME in requirement)?.[API_KEY_SCHEME];
      const keyTaken = byKey?.length === 1 && isApiKeyScope(byKey[0]) ? [{ [API_KEY_SCHEME]: byKey }] : [];
      const expected = roles.includes('public') ? [] : [{ [SESSION_SCHEME]: [] }, ...keyTaken];
      return JSON.stringify(operation.security) === JSON.stringify(expected)
        ? []
        : [`${route} (${roles.join(', ')}): security ${JSON.stringify(operation.security)}`];
    });
    expect(wrong).toEqual([]);
    const publicRoutes = operationsOf(doc).filter(({ operation }) => operation.security?.length === 0);
    expect(publicRoutes.map(({ route }) => route)).toEqual(expect.arrayContaining(['GET /health', 'POST /agents/registrations']));
  });

  it('declares and describes every tag it uses, and only those', () => {
    const declared: { name: string; description?: string }[] = doc.tags ?? [];
    const used = new Set(operationsOf(doc).flatMap(({ operation }) => operation.tags ?? []));
    expect(
      operationsOf(doc)
        .filter(({ operation }) => !operation.tags?.length)
        .map(({ route }) => route),
    ).toEqual([]);
    expect([...used].filter((tag) => !declared.some((d) => d.name === tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag.name)).map((tag) => tag.name)).toEqual([]);
    expect(declared.filter((tag) => !tag.description?.trim()).map((tag) => tag.name)).toEqual([]);
  });

  it('names the session cookie that signing in sets, and that cookie is a working credential', async () => {
    const scheme = doc.components.securitySchemes[SESSION_SCHEME];
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const cookie = await t.signIn('admin@demo.test');
    const sessionCookie = cookie.split('; ').find((pair) => pair.startsWith(`${scheme.name}=`));
    expect(sessionCookie).toBeDefined();

    const me = await t.request('/api/me', { cookie: sessionCookie });
    expect(me.status).toBe(200);
    expect((await readJson(me)).email).toBe('admin@demo.test');
  });

  it('names the __Secure- cookie for a deployment served over HTTPS', async () => {
    const origin = 'https://signing.example';
    const auth = createAuth({ db: t.database.db, secret: 'test-secret-that-is-long-enough-0123456789', origin });
    const app = createApp({ env: { ...t.env, PUBLIC_ORIGIN: origin }, database: t.database, auth });
    const secureDoc = await readJson(await app.request(`${origin}/api/openapi.json`));
    const name = secureDoc.components.securitySchemes[SESSION_SCHEME].name;
    expect(name).toMatch(/^__Secure-/);

    const signIn = await auth.handler(
      new Request(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
      }),
    );
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().map((c) => c.split('=')[0])).toContain(name);
  });

  it('describes the webhook of every event, its body the order as the escrow view answers it', () => {
    const names = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];
    expect(Object.keys(doc.webhooks)).toEqual(names);
    const escrowAppointment = '#/components/schemas/EscrowAppointment';
    for (const name of names) {
      const operation = doc.webhooks[name].post;
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*Event$/);
      expect(operation.security, name).toEqual([]);
      expect(
        operation.parameters.map((p: { in: string; name: string; required: boolean }) => `${p.in} ${p.name} ${p.required}`),
        name,
      ).toEqual(['header webhook-id true', 'header webhook-timestamp true', 'header webhook-signature true']);
      const body = operation.requestBody.content['application/json'].schema;
      const event = doc.components.schemas[body.$ref.replace('#/components/schemas/', '')];
      expect(event.properties.type.enum, name).toEqual([name]);
      expect(event.required, name).toEqual(['id', 'type', 'timestamp', 'data']);
      // The order is the escrow view's one schema, referenced rather than copied.
      expect(event.properties.data.properties.order?.$ref, name).toBe(name === WEBHOOK_TEST_EVENT ? undefined : escrowAppointment);
      expect(Object.keys(operation.responses), name).toEqual(['2XX', '4XX', '5XX']);
      expect(operation.responses['2XX'].description, name).toContain('within 10 s');
    }
    const retried = doc.webhooks['order.created'].post.responses['5XX'].description;
    expect(retried).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h');
    expect(retried).toContain(`${WEBHOOK_RETRY_SCHEDULE_SECONDS.length} attempts`);
    expect(retried).toContain('failed for 3 days is turned off');
    expect(doc.webhooks['message.created'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/MessageCreatedEvent',
    );
    expect(Object.keys(doc.components.schemas.MessageCreatedEvent.properties.data.properties)).toEqual(['order', 'message']);
    expect(Object.keys(doc.components.schemas.OrderDocumentsDownloadedEvent.properties.data.properties)).toEqual(['order', 'file']);
  });

  it('carries a licence and a contact', () => {
    expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-SigningDesk-Proprietary' });
    expect(doc.info.contact.url).toBe('/support');
  });
});
