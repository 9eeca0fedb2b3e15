import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/db';
import { jsonResponse, requestLine } from '../../../lib/testing-fetch';
import type { AgentAppointment } from '../../../types/api';
import { cardsOf, fetchListEarly, getAppointments } from './get-appointments';

const item: AgentAppointment = {
  id: '7c1f0a8e-0000-4000-8000-000000000001',
  title: 'Refinance signing — Austin, TX',
  status: 'Open',
  city: 'Austin',
  state: 'TX',
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT',
  feeCents: 15000,
  offeredFeeCents: 15000,
  startsAt: 1_796_416_200,
  offerStatus: 'offered',
  scanBackRequired: true,
  termsShort: 'scan backs 2 h after · FedEx drop-off by 12/05 5:00 PM CT · trip fee $50.00 · net 30',
  showCompleteButton: false,
  markedCompleted: false,
};

describe('cardsOf', () => {
  it('reads the items of the agent list answer', () => {
    expect(cardsOf([item], 'open')).toEqual([item]);
    const assigned: AgentAppointment = {
      ...item,
      status: 'Scheduled',
      offerStatus: 'approved',
      name: 'Garcia Refinance',
      fileNumber: 'TX-88',
    };
    expect(cardsOf([assigned], 'assigned')).toEqual([assigned]);
    expect(cardsOf([{ ...assigned, fileNumber: null }], 'completed')).toEqual([{ ...assigned, fileNumber: null }]);
  });

  it('keeps the assigned card’s marks (documents to download, the signer’s confirmation)', () => {
    const assigned: AgentAppointment = {
      ...item,
      status: 'Scheduled',
      offerStatus: 'approved',
      name: 'Garcia Refinance',
      fileNumber: 'TX-88',
      documentsToDownload: 2,
      signerConfirmation: null,
    };
    expect(cardsOf([assigned], 'assigned')[0]).toMatchObject({ documentsToDownload: 2, signerConfirmation: null });
  });

  it('keeps no name or file number of an offer, even if an answer carried them: the phone stores what it parsed', () => {
    const leaky = { ...item, name: 'Gonzalez Closing', fileNumber: 'GZ-1' };
    for (const tab of ['open', 'pending'] as const) {
      const [parsed] = cardsOf([leaky], tab);
      expect(parsed).toEqual(item);
      expect(JSON.stringify(parsed)).not.toMatch(/Gonzalez|GZ-1/);
    }
  });
});

describe('the list asked for as the app starts (beside GET /api/me)', () => {
  let asked: string[];
  let answers: Response[];
  beforeEach(() => {
    asked = [];
    answers = [];
    // Offline as far as the mirror is concerned: it would ask for each appointment after the list.
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo) => {
        asked.push(requestLine(input).path);
        return answers.shift() ?? jsonResponse(200, { items: [item] });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers the first fetch of its tab, and only that one', async () => {
    fetchListEarly('open');
    expect(asked).toEqual(['/api/agent/appointments?tab=open']);
    expect((await getAppointments({ tab: 'open', userId: 'u-1' })).items).toEqual([item]);
    expect(asked).toHaveLength(1);
    await getAppointments({ tab: 'open', userId: 'u-1' });
    expect(asked).toEqual(['/api/agent/appointments?tab=open', '/api/agent/appointments?tab=open']);
  });

  it('is not taken for another tab, and stays for its own', async () => {
    fetchListEarly('assigned');
    await getAppointments({ tab: 'pending', userId: 'u-1' });
    expect(asked).toEqual(['/api/agent/appointments?tab=assigned', '/api/agent/appointments?tab=pending']);
    await getAppointments({ tab: 'assigned', userId: 'u-1' });
    expect(asked).toHaveLength(2);
  });

  it('asks again when the early answer was a refusal (signed out then, signed in since)', async () => {
    answers.push(jsonResponse(401, { title: 'Unauthorized', status: 401, detail: 'Sign in first.' }));
    fetchListEarly('open');
    const list = await getAppointments({ tab: 'open', userId: 'u-1' });
    expect(list.items).toEqual([item]);
    expect(asked).toEqual(['/api/agent/appointments?tab=open', '/api/agent/appointments?tab=open']);
  });

  it('is not taken once it is older than a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      fetchListEarly('open');
      vi.setSystemTime(Date.now() + 11_000);
      await getAppointments({ tab: 'open', userId: 'u-1' });
      expect(asked).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the assigned list kept on the phone', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await db.appointmentLists.clear();
  });

  it('answers the marks offline as the network answered them', async () => {
    const assigned: AgentAppointment = {
      ...item,
      id: '7c1f0a8e-0000-4000-8000-000000000002',
      status: 'Scheduled',
      offerStatus: 'approved',
      name: 'Garcia Refinance',
      fileNumber: 'TX-88',
      documentsReady: true,
      documentsToDownload: 3,
      signerConfirmation: 'unreached',
    };
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { items: [assigned] })),
    );
    await getAppointments({ tab: 'assigned', userId: 'u-1' });
    await vi.waitFor(async () => expect(await db.appointmentLists.get('assigned')).toBeDefined());

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const copy = await getAppointments({ tab: 'assigned', userId: 'u-1' });
    expect(copy.offlineSince).not.toBeNull();
    expect(copy.items).toEqual([assigned]);
  });
});
