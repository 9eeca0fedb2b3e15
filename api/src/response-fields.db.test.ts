/**
 * The role × response-field matrix: for every answer that carries appointment or people data,
 * and every kind of caller that gets it with a 200, the exact set of keys the caller receives
 * (recursively: nested objects and array items too). The access matrix checks who gets an
 * answer; this checks what is in it, so a new field anywhere is a deliberate decision made
 * here. DESIGN.md "Access": escrow sees its order's two fees but no bids (decision 061); an assigned agent sees no
 * firm fee or firm data; an agent only offered the order sees the preview fields — never its
 * name, file number, street, signer or escrow contacts.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { agentDetailWindowOpen } from '@signingdesk/domain/appointment-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrder, offerTo, otherAgentEmail, post, signInAll, userIdOf, VALID_ORDER, type Sessions } from './testing/fixtures';
import { createTestApp, readJson, type TestApp } from './testing/test-app';

// ——— Shapes: `true` is a plain value (string, number, boolean, null, or a list of them), an
// object is a nested object (or null), `[shape]` a list of such objects. ———
type Shape = { readonly [key: string]: true | Shape | readonly [Shape] };
const V = true as const;

const PERSON = { id: V, name: V, email: V, phone: V };
const SCHEDULE = { date: V, time: V, timeTbd: V, timeZone: V, startsAt: V };
/** The order's signing terms (issue 33): shown to every caller of the order, the offered agent included. */
const TERMS = {
  scanBackHours: V,
  returnMethod: V,
  returnCarrier: V,
  shipByDay: V,
  shipByTime: V,
  printedBy: V,
  pageCount: V,
  paymentTermsDays: V,
  tripFeeCents: V,
  extraSignerFeeCents: V,
  scanBackDueAt: V,
  shipByAt: V,
  lines: [{ key: V, label: V, value: V }],
  short: V,
} as const;
/** How the signing ended (issue 33): null until it did; the offered agent's preview carries null. */
const OUTCOME = { kind: V, label: V, reason: V, note: V, rescheduleRequested: V, rescheduleNote: V, summary: V } as const;
/** The signer's confirmation and the originals' shipment (issue 33): null until recorded, and on another agent's preview. */
const CONFIRMATION = { result: V, method: V, contactedAt: V, rescheduleTo: V, note: V, line: V } as const;
const SHIPMENT = { carrier: V, trackingNumber: V, shippedAt: V, trackingUrl: V, line: V } as const;
const CODES = {
  scanBackRequired: V,
  terms: TERMS,
  outcome: OUTCOME,
  confirmation: CONFIRMATION,
  shipment: SHIPMENT,
  transactionType: V,
  financeType: V,
};
const CONTACTS = { contactName: V, contactPhone1: V, contactPhone2: V, contactEmail1: V, contactEmail2: V };
const ADDRESS = { street: V, city: V, state: V, zip: V };
const BID = {
  offerId: V,
  agent: PERSON,
  status: V,
  bidCents: V,
  notes: V,
  respondedAt: V,
  completedCount: V,
  distanceMiles: V,
  verified: V,
  score: V,
};

const OPERATOR_VIEW: Shape = {
  view: V,
  id: V,
  name: V,
  status: V,
  ...SCHEDULE,
  ...CODES,
  lender: V,
  ...ADDRESS,
  fileNumber: V,
  comments: V,
  ...CONTACTS,
  agentFeeCents: V,
  firmFeeCents: V,
  firm: { id: V, name: V },
  escrowOfficer: PERSON,
  escrowEmail: V,
  assignedAgent: PERSON,
  agentPaid: V,
  agentPaidAt: V,
  filesUploaded: V,
  agentUploadEnabled: V,
  uploadsApproved: V,
  markedCompleted: V,
  offerCount: V,
  dispatch: { state: V, label: V, reason: V },
  bids: [BID],
  createdAt: V,
  updatedAt: V,
};
const ESCROW_VIEW: Shape = {
  view: V,
  id: V,
  name: V,
  status: V,
  ...SCHEDULE,
  ...CODES,
  lender: V,
  ...ADDRESS,
  fileNumber: V,
  comments: V,
  ...CONTACTS,
  agentFeeCents: V,
  firmFeeCents: V,
  agentFeeChangeable: V,
  escrowOfficer: PERSON,
  escrowEmail: V,
  assignedAgent: PERSON,
  agentPreference: { mine: V, firm: V },
  agentSearch: V,
  filesUploaded: V,
  agentUploadEnabled: V,
  uploadsApproved: V,
  markedCompleted: V,
  invoice: { number: V, fileId: V, fileName: V, amountCents: V, amount: V, sentTo: V, sentAt: V },
  updatedAt: V,
};
const ASSIGNED_AGENT_VIEW: Shape = {
  view: V,
  id: V,
  name: V,
  status: V,
  ...SCHEDULE,
  ...CODES,
  lender: V,
  ...ADDRESS,
  fileNumber: V,
  comments: V,
  ...CONTACTS,
  feeCents: V,
  offerStatus: V,
  escrowName: V,
  escrowEmail: V,
  escrowPhone: V,
  showCompleteButton: V,
  markedCompleted: V,
  payCents: V,
  paidAt: V,
  panelsEnabled: V,
  agentUploadEnabled: V,
};
/** DESIGN.md "Data lifecycle": after a completed signing's 3-day window, what the agent needs to be paid. */
const AGENT_RECORD: Shape = {
  view: V,
  id: V,
  title: V,
  status: V,
  ...SCHEDULE,
  city: V,
  state: V,
  feeCents: V,
  payCents: V,
  fileNumber: V,
  paid: V,
  paidAt: V,
};
/**
 * DESIGN.md: city, state, zip, date, time, fee, lender and order type — and a neutral title; how
 * far it is, and a dispatch wave's reservation while the offer is the agent's to answer (issue 32).
 */
const PREVIEW: Shape = {
  view: V,
  stage: V,
  message: V,
  id: V,
  title: V,
  status: V,
  ...SCHEDULE,
  ...CODES,
  lender: V,
  city: V,
  state: V,
  zip: V,
  feeCents: V,
  offerStatus: V,
  bidCents: V,
  distanceMiles: V,
  reservedUntil: V,
  reservedReason: V,
};

const AGENT_CARD = {
  id: V,
  title: V,
  status: V,
  city: V,
  state: V,
  ...SCHEDULE,
  feeCents: V,
  offeredFeeCents: V,
  scanBackRequired: V,
  termsShort: V,
  showCompleteButton: V,
  markedCompleted: V,
  offerStatus: V,
};
/** Pending tab: the agent is not assigned; how far the signing is (issue 32). */
const BID_CARD: Shape = { ...AGENT_CARD, distanceMiles: V };
/** Open tab: also until when and why automatic dispatch reserved the offer for the agent (decision 067). */
const OFFER_CARD: Shape = { ...BID_CARD, reservedUntil: V, reservedReason: V };
/** Assigned and completed tabs: spec 01 §2's card, with the appointment's name and file number. */
const ASSIGNMENT_CARD: Shape = { ...AGENT_CARD, name: V, fileNumber: V, street: V, signerPhone: V, documentsReady: V, scanBacksDueAt: V };
/** Assigned tab: also what the agent still has to do (issue 33): download the documents, confirm with the signer. */
const TO_DO_CARD: Shape = { ...ASSIGNMENT_CARD, documentsToDownload: V, signerConfirmation: V };
/** Completed tab: whether and when the agent was paid, and how much (issue 30). */
const PAY = { payCents: V, paidAt: V };
/** A completed signing past its 3-day window: the file number and the pay stay, the name, street and signer go. */
const RECORD_CARD: Shape = { ...AGENT_CARD, fileNumber: V, ...PAY };

const PAGE = (item: Shape): Shape => ({ items: [item], page: V, pageSize: V, total: V });
/** A long list's page: its total counts up to COUNT_AHEAD rows past the page, `totalCapped` says when it stopped. */
const CAPPED_PAGE = (item: Shape): Shape => ({ ...PAGE(item), totalCapped: V });
const ESCROW_ROW: Shape = {
  id: V,
  date: V,
  time: V,
  timeTbd: V,
  timeZone: V,
  fileNumber: V,
  escrowOfficer: V,
  signerName: V,
  status: V,
  assignedAgent: { id: V, name: V, email: V, phone: V },
  filesAttachedCount: V,
  filesUploaded: V,
  unreadMessages: V,
  invoice: { number: V, fileId: V },
};
/** The escrow list's page also counts each of the view's statuses (the status filter's choices). */
const ESCROW_PAGE: Shape = { ...CAPPED_PAGE(ESCROW_ROW), statusCounts: [{ status: V, count: V, capped: V }] };
const OPERATOR_ROW: Shape = {
  id: V,
  name: V,
  fileNumber: V,
  ...SCHEDULE,
  city: V,
  state: V,
  status: V,
  overdue: V,
  filesAttachedCount: V,
  filesUploaded: V,
  agentDownloaded: V,
  unreadMessages: V,
  agentPaid: V,
  agentPaidAt: V,
  agentFeeCents: V,
  firmFeeCents: V,
  invoiceNumber: V,
  agent: { id: V, name: V, email: V, phone: V },
  firm: { id: V, name: V },
};

const FILE_LIST: Shape = {
  filesUploaded: V,
  uploadsApproved: V,
  agentUploadEnabled: V,
  agentDownloaded: V,
  items: [
    {
      fileId: V,
      fileName: V,
      kind: V,
      sizeBytes: V,
      contentType: V,
      uploadConfirmed: V,
      uploadedBy: { id: V, name: V },
      createdAt: V,
      updated: V,
      log: [{ action: V, user: V, loggedTime: V, confirmed: V, text: V }],
    },
  ],
  maxFileMb: V,
};
const READ_FLAG = { readBy: V, readAt: V };
const NOTE_THREAD: Shape = {
  items: [
    {
      id: V,
      message: V,
      createdAt: V,
      timeStamp: V,
      author: { id: V, name: V, side: V },
      read: { escrow: READ_FLAG, agent: READ_FLAG, operator: READ_FLAG },
    },
  ],
  warning: V,
};
const BID_LIST: Shape = { items: [BID] };
const COMPARISON: Shape = {
  groups: [
    {
      agent: { id: V, name: V },
      label: V,
      count: V,
      averageFeeCents: V,
      averageFee: V,
      orders: [{ startsAt: V, date: V, city: V, state: V, feeCents: V }],
    },
  ],
  radiusMiles: V,
  since: V,
};
// Issue 31: a rating is the order's firm's and the operators'; the scorecard with each rating the
// operators'; the agent's own record carries the counts only, never a rating one by one.
const RATING: Shape = { rating: { appointmentId: V, stars: V, tags: V, comment: V, ratedBy: V, createdAt: V } };
const SCORECARD_COUNTS: Shape = {
  completed: V,
  offers: V,
  offersAnsweredInTime: V,
  completionsMarkedInTime: V,
  scanBacksRequired: V,
  scanBacksOnTime: V,
  replaced: V,
  ratings: V,
  ratingStars: V,
};
const SCORECARD: Shape = {
  agentId: V,
  score: V,
  counts: SCORECARD_COUNTS,
  recentRatings: [{ appointmentId: V, name: V, firm: V, stars: V, tags: V, comment: V, createdAt: V }],
};
const OWN_RECORD: Shape = { score: V, counts: SCORECARD_COUNTS };
const ME: Shape = { id: V, name: V, email: V, role: V, status: V, phone: V, firm: { id: V, name: V }, portal: V };
const OFFER_RESULT: Shape = { message: V, offer: { id: V, status: V, bidCents: V } };
const RESULT = (view: Shape): Shape => ({ message: V, appointment: view });

/** Every way the answer differs from the shape, with its path ("items[0].agent: unexpected key …"). */
function shapeErrors(value: unknown, shape: Shape, path: string): string[] {
  if (value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected an object, got ${JSON.stringify(value)}`];
  const actual = Object.keys(value);
  const expected = Object.keys(shape);
  const errors = [
    ...actual.filter((k) => !expected.includes(k)).map((k) => `${path}: unexpected key "${k}"`),
    ...expected.filter((k) => !actual.includes(k)).map((k) => `${path}: missing key "${k}"`),
  ];
  for (const key of expected.filter((k) => actual.includes(k))) {
    const spec = shape[key]!;
    const field = (value as Record<string, unknown>)[key];
    const at = `${path}.${key}`;
    if (spec === true) {
      const nested =
        typeof field === 'object' && field !== null && (!Array.isArray(field) || field.some((i) => typeof i === 'object' && i !== null));
      if (nested) errors.push(`${at}: expected a plain value, got ${JSON.stringify(field).slice(0, 80)}`);
    } else if (Array.isArray(spec)) {
      if (!Array.isArray(field)) errors.push(`${at}: expected a list`);
      else field.forEach((item, i) => errors.push(...shapeErrors(item, spec[0] as Shape, `${at}[${i}]`)));
    } else {
      errors.push(...shapeErrors(field, spec as Shape, at));
    }
  }
  return errors;
}

/** Every key anywhere in the answer. */
function keysDeep(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      into.add(key);
      keysDeep(field, into);
    }
  }
  return into;
}

type Caller = 'escrowA' | 'orgAdmin' | 'agent' | 'otherAgent' | 'subAdmin' | 'admin';
const CALLERS: readonly Caller[] = ['escrowA', 'orgAdmin', 'agent', 'otherAgent', 'subAdmin', 'admin'];
const OPERATORS: readonly Caller[] = ['subAdmin', 'admin'];
const ESCROW: readonly Caller[] = ['escrowA', 'orgAdmin'];

/** Before assignment: what DESIGN.md never lets an offered agent see, as keys and as values. */
const NEVER_BEFORE_ASSIGNMENT_KEYS = [
  'name',
  'fileNumber',
  'street',
  ...Object.keys(CONTACTS),
  'escrowName',
  'escrowEmail',
  'escrowOfficer',
  'comments',
];
const BORROWER_ORDER = {
  ...VALID_ORDER,
  name: 'Gonzalez Closing',
  fileNumber: 'GZ-2026-0042',
  street: '48 Alvarado Terrace',
  contactName: 'Lucia Gonzalez',
  contactPhone1: '2135550142',
  contactEmail1: 'lucia.gonzalez@example.com',
  comments: 'Gate code 7781; the borrower works nights.',
};
const BORROWER_VALUES = [
  'Gonzalez',
  'GZ-2026-0042',
  'Alvarado',
  '2135550142',
  'lucia.gonzalez@example.com',
  'Gate code',
  'escrow@firm-a.demo.test',
];

describe('role × response fields', () => {
  let t: TestApp;
  let s: Sessions;
  const cookie = (caller: Caller) => s[caller];
  /** `closed`: assigned to agent@demo.test, completed a month ago (its window has closed). */
  const ids = { offered: '', declined: '', pending: '', scheduled: '', closed: '' };
  /** Failures of one test, collected so one run lists all of them. */
  let failures: string[];

  async function get(caller: Caller, path: string): Promise<{ status: number; body: any }> {
    const res = await t.request(`/api${path}`, { cookie: cookie(caller) });
    return { status: res.status, body: await readJson(res).catch(() => null) };
  }

  /** Asserts a 200 whose body has exactly the shape's keys; returns the body. */
  async function expectShape(caller: Caller, path: string, shape: Shape): Promise<any> {
    const { status, body } = await get(caller, path);
    if (status !== 200) {
      failures.push(`GET ${path} as ${caller}: expected 200, got ${status}`);
      return null;
    }
    failures.push(...shapeErrors(body, shape, `GET ${path} as ${caller}`));
    return body;
  }

  async function expectRefused(caller: Caller, path: string) {
    const { status } = await get(caller, path);
    if (status === 200) failures.push(`GET ${path} as ${caller}: expected a refusal, got 200`);
  }

  /** An offered agent's answer names nothing of the borrower, the address or the escrow side. */
  function expectNothingOfTheBorrower(label: string, body: unknown, topLevel: unknown[]) {
    const text = JSON.stringify(body);
    for (const value of BORROWER_VALUES) if (text.includes(value)) failures.push(`${label}: carries "${value}"`);
    for (const item of topLevel) {
      const present = NEVER_BEFORE_ASSIGNMENT_KEYS.filter((k) => typeof item === 'object' && item !== null && k in item);
      if (present.length) failures.push(`${label}: carries ${present.join(', ')}`);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const agentId = await userIdOf(t, 'agent@demo.test');
    const otherAgentId = await userIdOf(t, await otherAgentEmail(t));

    ids.offered = await createOrder(t, s.escrowA, BORROWER_ORDER);
    await offerTo(t, ids.offered, [agentId]);

    ids.declined = await createOrder(t, s.escrowA, BORROWER_ORDER);
    await offerTo(t, ids.declined, [agentId]);
    expect((await post(t, `/api/appointments/${ids.declined}/decline`, s.agent)).status).toBe(200);

    ids.pending = await createOrder(t, s.escrowA, BORROWER_ORDER);
    await offerTo(t, ids.pending, [agentId, otherAgentId]);
    expect((await post(t, `/api/appointments/${ids.pending}/claim`, s.agent)).status).toBe(200);
    expect((await post(t, `/api/appointments/${ids.pending}/counter`, s.otherAgent, { bid: '$185' })).status).toBe(200);

    ids.scheduled = await createOrder(t, s.escrowA, BORROWER_ORDER);
    await offerTo(t, ids.scheduled, [agentId]);
    const scheduledClaim = await post(t, `/api/appointments/${ids.scheduled}/claim`, s.agent);
    expect((await post(t, `/api/appointments/${ids.scheduled}/bids/${scheduledClaim.body.offer.id}/accept`, s.admin)).status).toBe(200);
    expect((await post(t, `/api/appointments/${ids.scheduled}/notes`, s.escrowA, { message: 'Bring a second ID form.' })).status).toBe(201);
    // A document the escrow officer uploaded and the agent downloaded: the file log has both.
    const escrowAId = await userIdOf(t, 'escrow@firm-a.demo.test');
    const [file] = await t.database.db
      .insert(schema.files)
      .values({
        appointmentId: ids.scheduled,
        fileName: 'Closing Package.pdf',
        storageKey: `fields/${ids.scheduled}`,
        contentType: 'application/pdf',
        sizeBytes: 2048,
        uploadedBy: escrowAId,
        uploadConfirmed: true,
      })
      .returning();
    await t.database.db.insert(schema.fileEvents).values([
      { fileId: file!.id, action: 'write', userId: escrowAId, confirmed: true },
      { fileId: file!.id, action: 'read', userId: agentId, confirmed: true },
    ]);

    // Completed signings near the offered ones (comparison orders): one the agent did, one another agent did.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    for (const assignee of [agentId, otherAgentId]) {
      const id = await createOrder(t, s.escrowA, { ...BORROWER_ORDER, date: monthAgo });
      await t.database.db
        .update(schema.appointments)
        .set({ status: 'Completed', assignedAgentId: assignee, markedCompleted: true })
        .where(eq(schema.appointments.id, id));
      if (assignee === agentId) ids.closed = id;
    }
  }, 120_000);
  afterAll(() => t.close());

  // One line per kind of failure: the same extra key on fifty list items is one finding.
  const check = () => expect([...new Set(failures.map((f) => f.replace(/\[\d+\]/g, '[*]')))]).toEqual([]);
  beforeEach(() => {
    failures = [];
  });

  it('GET /api/appointments/{id}: operators all of it, escrow its fees but no bids, the assigned agent no firm data, an offered agent the preview', async () => {
    const expected = (kind: keyof typeof ids, caller: Caller): Shape | 'refused' => {
      if (OPERATORS.includes(caller)) return OPERATOR_VIEW;
      if (ESCROW.includes(caller)) return ESCROW_VIEW;
      if (caller === 'otherAgent') return kind === 'pending' ? PREVIEW : 'refused';
      if (kind === 'closed') return AGENT_RECORD;
      return kind === 'scheduled' ? ASSIGNED_AGENT_VIEW : PREVIEW;
    };
    for (const kind of Object.keys(ids) as (keyof typeof ids)[]) {
      for (const caller of CALLERS) {
        const shape = expected(kind, caller);
        const path = `/appointments/${ids[kind]}`;
        if (shape === 'refused') {
          await expectRefused(caller, path);
          continue;
        }
        const body = await expectShape(caller, path, shape);
        if (!body) continue;
        if (ESCROW.includes(caller)) {
          // The order's own fees are the escrow side's (decision 061); the bids never are.
          const leaked = ['feeCents', 'bidCents', 'bids', 'offerCount', 'margin'].filter((k) => keysDeep(body).has(k));
          if (leaked.length) failures.push(`${path} as ${caller} (escrow): carries ${leaked.join(', ')}`);
        }
        if (shape === ASSIGNED_AGENT_VIEW) {
          const leaked = ['firmFeeCents', 'firm', 'agentPaid', 'bids'].filter((k) => keysDeep(body).has(k));
          if (leaked.length) failures.push(`${path} as the assigned agent: carries ${leaked.join(', ')}`);
        }
        if (shape === PREVIEW) expectNothingOfTheBorrower(`${path} as offered ${caller}`, body, [body]);
        if (shape === AGENT_RECORD) {
          const { fileNumber: _kept, ...rest } = body;
          expectNothingOfTheBorrower(`${path} as the agent after the window`, rest, [rest]);
        }
      }
    }
    check();
  });

  it('GET /api/appointments/{id}/preview: the preview fields, before and after assignment', async () => {
    for (const kind of Object.keys(ids) as (keyof typeof ids)[]) {
      const body = await expectShape('agent', `/appointments/${ids[kind]}/preview`, PREVIEW);
      if (body) expectNothingOfTheBorrower(`preview of ${kind} as agent`, body, [body]);
      if (kind !== 'pending') await expectRefused('otherAgent', `/appointments/${ids[kind]}/preview`);
    }
    for (const caller of [...ESCROW, ...OPERATORS]) await expectRefused(caller, `/appointments/${ids.offered}/preview`);
    check();
  });

  it("the agent's lists: offers (open, pending) as neutral cards, assignments (assigned, completed) as the spec's card", async () => {
    for (const caller of ['agent', 'otherAgent'] as const) {
      for (const tab of ['open', 'pending', 'assigned'] as const) {
        const shape = tab === 'open' ? OFFER_CARD : tab === 'pending' ? BID_CARD : TO_DO_CARD;
        const body = await expectShape(caller, `/agent/appointments?tab=${tab}`, { items: [shape] });
        if (body && tab !== 'assigned') expectNothingOfTheBorrower(`${tab} list as ${caller}`, body, body.items);
      }
      // Completed: the spec's card inside the 3-day window, the record's card after it.
      const { body } = await get(caller, '/agent/appointments?tab=completed&limit=100');
      body.items.forEach((item: { startsAt: number; status: string }, i: number) => {
        const shape = agentDetailWindowOpen(item) ? { ...ASSIGNMENT_CARD, ...PAY } : RECORD_CARD;
        failures.push(...shapeErrors(item, shape, `completed list as ${caller} [${i}]`));
      });
    }
    const completed = await get('agent', '/agent/appointments?tab=completed&limit=100');
    const closedCard = completed.body.items.find((i: { id: string }) => i.id === ids.closed);
    expect(closedCard).toMatchObject({ fileNumber: 'GZ-2026-0042' });
    expect(closedCard).not.toHaveProperty('name');
    const open = await get('agent', '/agent/appointments?tab=open');
    const pending = await get('agent', '/agent/appointments?tab=pending');
    const assigned = await get('agent', '/agent/appointments?tab=assigned');
    // The fixtures are in the lists the shapes were checked on.
    expect(open.body.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([ids.offered, ids.declined]));
    expect(pending.body.items.map((i: { id: string }) => i.id)).toContain(ids.pending);
    expect(assigned.body.items.find((i: { id: string }) => i.id === ids.scheduled)).toMatchObject({
      name: 'Gonzalez Closing',
      fileNumber: 'GZ-2026-0042',
    });
    for (const caller of [...ESCROW, ...OPERATORS]) await expectRefused(caller, '/agent/appointments?tab=open');
    check();
  });

  it('the escrow and operator lists', async () => {
    for (const view of ['in-process', 'completed']) {
      for (const caller of ESCROW) {
        const body = await expectShape(caller, `/escrow/appointments?view=${view}&pageSize=100`, ESCROW_PAGE);
        if (body) expect(body.items.length).toBeGreaterThan(0);
      }
    }
    for (const status of ['Open', 'Pending', 'Scheduled', 'Completed']) {
      for (const caller of OPERATORS) {
        const body = await expectShape(caller, `/appointments?status=${status}&pageSize=100`, CAPPED_PAGE(OPERATOR_ROW));
        if (body) expect(body.items.length).toBeGreaterThan(0);
      }
    }
    for (const caller of ['agent', 'otherAgent'] as const) {
      await expectRefused(caller, '/escrow/appointments');
      await expectRefused(caller, '/appointments');
    }
    check();
  });

  it('files list and messages: the escrow side, the assigned agent and operators; never an offered agent', async () => {
    for (const caller of [...ESCROW, 'agent', ...OPERATORS] as Caller[]) {
      const files = await expectShape(caller, `/appointments/${ids.scheduled}/files`, FILE_LIST);
      if (files) expect(files.items[0]?.log.length).toBe(2);
      const thread = await expectShape(caller, `/appointments/${ids.scheduled}/notes?markRead=false`, NOTE_THREAD);
      if (thread) expect(thread.items.length).toBe(1);
    }
    for (const kind of ['offered', 'declined', 'pending', 'closed'] as const) {
      await expectRefused('agent', `/appointments/${ids[kind]}/files`);
      await expectRefused('agent', `/appointments/${ids[kind]}/notes`);
    }
    await expectRefused('otherAgent', `/appointments/${ids.scheduled}/files`);
    await expectRefused('otherAgent', `/appointments/${ids.scheduled}/notes`);
    check();
  });

  it('bids: operators only', async () => {
    for (const caller of OPERATORS) {
      const body = await expectShape(caller, `/appointments/${ids.pending}/bids`, BID_LIST);
      if (body) expect(body.items.length).toBe(2);
    }
    for (const caller of [...ESCROW, 'agent', 'otherAgent'] as Caller[]) await expectRefused(caller, `/appointments/${ids.pending}/bids`);
    check();
  });

  it('comparison orders: other agents are numbered labels to an agent, named to operators', async () => {
    for (const caller of ['agent', ...OPERATORS] as Caller[]) {
      const body = await expectShape(caller, `/appointments/${ids.offered}/comparison-orders`, COMPARISON);
      if (!body) continue;
      expect(body.groups.length).toBeGreaterThanOrEqual(2);
      if (caller === 'agent') {
        expectNothingOfTheBorrower(
          'comparison orders as agent',
          body,
          body.groups.flatMap((g: { orders: unknown[] }) => g.orders),
        );
        const otherNamed = body.groups.filter((g: { agent: unknown; label: string }) => g.agent !== null && !g.label.startsWith('Agent '));
        expect(otherNamed.length).toBe(1); // the agent's own group only
      }
    }
    for (const caller of ESCROW) await expectRefused(caller, `/appointments/${ids.offered}/comparison-orders`);
    check();
  });

  it('the escrow rating: the order’s firm and operators; the scorecard: operators; the agent: own counts only', async () => {
    const agentId = await userIdOf(t, 'agent@demo.test');
    const rated = await post(t, `/api/appointments/${ids.closed}/rating`, s.escrowA, { stars: 4, tags: ['on_time'], comment: 'Fine.' });
    expect(rated.status).toBe(201);
    for (const caller of [...ESCROW, ...OPERATORS]) await expectShape(caller, `/appointments/${ids.closed}/rating`, RATING);
    for (const caller of ['agent', 'otherAgent'] as Caller[]) await expectRefused(caller, `/appointments/${ids.closed}/rating`);
    for (const caller of OPERATORS) {
      const body = await expectShape(caller, `/agents/${agentId}/scorecard`, SCORECARD);
      if (body) expect(body.recentRatings.length).toBeGreaterThan(0);
    }
    for (const caller of [...ESCROW, 'agent'] as Caller[]) await expectRefused(caller, `/agents/${agentId}/scorecard`);
    await expectShape('agent', '/agent/record', OWN_RECORD);
    check();
  });

  it('GET /api/me: the caller only', async () => {
    for (const caller of CALLERS) await expectShape(caller, '/me', ME);
    check();
  });

  it('availability: the agent their own, operators any agent’s, the same fields; escrow none', async () => {
    const agentId = await userIdOf(t, 'agent@demo.test');
    const RANGE = { id: V, startsOn: V, endsOn: V, note: V };
    const CHANNELS = { offers: V, assignments: V, messages: V, payments: V, credentials: V };
    const AVAILABILITY: Shape = {
      agentId: V,
      travelRadiusMiles: V,
      maxSigningsPerDay: V,
      offersPausedUntil: V,
      timeZone: V,
      timeOff: { current: [RANGE], past: [RANGE] },
      channels: CHANNELS,
      textsEnabled: V,
    };
    await t.database.db.insert(schema.agentTimeOff).values([
      { agentId, startsOn: '2099-01-01', endsOn: '2099-01-02', note: 'Away' },
      { agentId, startsOn: '2020-01-01', endsOn: '2020-01-02', note: null },
    ]);
    await expectShape('agent', '/agents/me/availability', AVAILABILITY);
    for (const caller of ['admin', 'subAdmin'] as const) await expectShape(caller, `/agents/${agentId}/availability`, AVAILABILITY);
    for (const caller of ['escrowA', 'orgAdmin', 'otherAgent'] as const) await expectRefused(caller, `/agents/${agentId}/availability`);
    check();
  });

  it("the answers of actions carry the acting caller's view", async () => {
    const agentId = await userIdOf(t, 'agent@demo.test');
    const created = await t.request('/api/appointments', { method: 'POST', cookie: s.escrowA, body: JSON.stringify(BORROWER_ORDER) });
    const createdBody = await readJson(created);
    failures.push(...shapeErrors(createdBody, RESULT(ESCROW_VIEW), 'POST /appointments as escrowA'));
    const id = createdBody.appointment.id as string;

    const patch = await t.request(`/api/appointments/${id}`, {
      method: 'PATCH',
      cookie: s.orgAdmin,
      body: JSON.stringify({ lender: 'Wells Fargo' }),
    });
    failures.push(
      ...shapeErrors(await readJson(patch), { ...RESULT(ESCROW_VIEW), changedFields: V }, 'PATCH /appointments/{id} as orgAdmin'),
    );

    await offerTo(t, id, [agentId]);
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    failures.push(...shapeErrors(claim.body, OFFER_RESULT, 'POST claim as agent'));
    expectNothingOfTheBorrower('claim answer', claim.body, [claim.body, claim.body.offer]);

    const accept = await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.subAdmin);
    failures.push(...shapeErrors(accept.body, RESULT(OPERATOR_VIEW), 'POST accept as subAdmin'));
    check();
  });
});
