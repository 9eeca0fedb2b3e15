/**
 * Names and texts people type are stored without the characters that change how text reads
 * while staying unseen (issue 9, finding 9): a bidi override can make `Smith\u202Eecnanifer`
 * show as another name in a list, an email or a thread.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, post, scheduledForAgent, signInAll, type Sessions } from './testing/fixtures';
import { createTestApp, type TestApp } from './testing/test-app';

describe('invisible characters in what people type', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  it('drops them from an order’s one-line fields (line breaks become spaces) and from its comments (lines kept)', async () => {
    const id = await createOrder(t, s.escrowA, {
      name: 'Gonzalez\u202E Refinance',
      contactName: 'Maria\u200B Signer\n',
      lender: 'Chase\u2066 Home\nLending',
      city: 'Los\u00A0Angeles\u200D',
      comments: 'Gate code\u202E 4521\nRing twice',
    });
    const [row] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));
    expect(row).toMatchObject({
      name: 'Gonzalez Refinance',
      contactName: 'Maria Signer',
      lender: 'Chase Home Lending',
      city: 'Los\u00A0Angeles',
      comments: 'Gate code 4521\nRing twice',
    });
  });

  it('drops them from messages and firm names', async () => {
    const { id } = await scheduledForAgent(t, s);
    const note = await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: 'Call\u202E me\nafter 5' });
    expect(note.status).toBe(201);
    const [stored] = await t.database.db.select().from(schema.notes).where(eq(schema.notes.id, note.body.id));
    expect(stored!.message).toBe('Call me\nafter 5');

    const firm = await post(t, '/api/firms', s.admin, {
      name: 'Harbor\u202E Title\u200B',
      contactName: 'Dana Whitfield',
      contactEmail: 'dana@harbor-title.example.com',
      address: '100 Wilshire Blvd',
      city: 'Santa Monica',
      state: 'CA',
      zip: '90401',
      serviceFee: '$45',
    });
    expect(firm.status).toBe(201);
    const [firmRow] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.name, 'Harbor Title'));
    expect(firmRow).toBeDefined();
  });
});
