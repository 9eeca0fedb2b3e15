import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLine } from '../../../lib/testing-fetch';
import { ApiError } from '../../../lib/api-client';
import { db } from '../../../lib/db';
import { getAppointment } from './get-appointment';
import { getFiles } from './get-files';
import { mirrorAppointments } from './mirror-appointments';
import type { AgentAppointment } from '../../../types/api';

/**
 * The offline copy: what the network answered is kept (with its time) and answered when the
 * network is gone, for the same user only; a 404 erases it.
 */
const files = { filesUploaded: false, uploadsApproved: false, agentUploadEnabled: false, agentDownloaded: true, items: [] };
const view = { view: 'preview', id: 'a-1', title: 'Refinance signing — Austin, TX', stage: 'offer' };

function online(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}
function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all([db.appointments.clear(), db.appointmentFiles.clear()]);
});

describe('mirrored reads', () => {
  it('keeps what the network answered and answers it offline, with when it was synced', async () => {
    online(200, files);
    const fresh = await getFiles({ id: 'a-1', userId: 'u-1' });
    expect(fresh).toMatchObject({ data: files, offline: false });
    await vi.waitFor(async () => expect(await db.appointmentFiles.get('a-1')).toBeDefined());

    offline();
    const copy = await getFiles({ id: 'a-1', userId: 'u-1' });
    expect(copy).toMatchObject({ data: files, offline: true });
    expect(copy.syncedAt).toBe((await db.appointmentFiles.get('a-1'))!.syncedAt);
  });

  it("never answers another user's copy", async () => {
    online(200, view);
    await getAppointment({ id: 'a-1', userId: 'u-1' });
    await vi.waitFor(async () => expect(await db.appointments.get('a-1')).toBeDefined());

    offline();
    await expect(getAppointment({ id: 'a-1', userId: 'u-2' })).rejects.toThrow('The network is unavailable.');
  });

  it('erases the copy when the server says the appointment is gone (404)', async () => {
    online(200, view);
    await getAppointment({ id: 'a-1', userId: 'u-1' });
    await vi.waitFor(async () => expect(await db.appointments.get('a-1')).toBeDefined());

    online(404, { title: 'Not Found', detail: 'This appointment was not found.', code: 'NOT_FOUND' });
    await expect(getAppointment({ id: 'a-1', userId: 'u-1' })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(async () => expect(await db.appointments.get('a-1')).toBeUndefined());
  });
});

/** Online, a server that answers every detail, files list and thread; what was asked is in `asked`. */
function answerEverything(options: { delayMs?: number } = {}) {
  const asked: string[] = [];
  const traffic = { asked, inFlight: 0, most: 0 };
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo) => {
      const url = requestLine(input).path;
      asked.push(url);
      traffic.most = Math.max(traffic.most, ++traffic.inFlight);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      traffic.inFlight -= 1;
      return new Response(JSON.stringify(url.includes('/files') ? files : url.includes('/notes') ? { items: [] } : view), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return traffic;
}

describe('the completed tab on the phone', () => {
  it('keeps the detail, files and messages of signings completed within the last 3 days, not older ones', async () => {
    const { asked } = answerEverything();
    const now = Math.floor(Date.now() / 1000);
    const completed = (id: string, startsAt: number) => ({ id, status: 'Completed', startsAt }) as AgentAppointment;
    await mirrorAppointments('completed', 'u-1', [completed('recent', now - 2 * 86_400), completed('old', now - 5 * 86_400)]);
    expect(asked.filter((url) => url.includes('/recent')).sort()).toEqual([
      '/api/appointments/recent',
      '/api/appointments/recent/files',
      expect.stringContaining('/api/appointments/recent/notes'),
    ]);
    expect(asked.some((url) => url.includes('/old'))).toBe(false);
  });
});

describe('the copy in the background', () => {
  it('asks for what every tab needs, two requests at a time across tabs', async () => {
    const traffic = answerEverything({ delayMs: 5 });
    const offer = (id: string) => ({ id, status: 'Open', startsAt: 0 }) as AgentAppointment;
    await Promise.all([
      mirrorAppointments('open', 'u-1', [offer('o-1'), offer('o-2'), offer('o-3')]),
      mirrorAppointments('pending', 'u-1', [offer('p-1'), offer('p-2')]),
    ]);
    expect(traffic.asked.sort()).toEqual([
      '/api/appointments/o-1',
      '/api/appointments/o-2',
      '/api/appointments/o-3',
      '/api/appointments/p-1',
      '/api/appointments/p-2',
    ]);
    expect(traffic.most).toBe(2);
  });
});
