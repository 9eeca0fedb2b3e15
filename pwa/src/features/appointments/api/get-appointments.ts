/**
 * One portal tab's list: GET /api/agent/appointments?tab=<tab>. Each answer is copied into
 * IndexedDB; when the network is gone the last copy of that tab (for the same user) is shown
 * instead, with the time it was synced.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, NetworkError } from '../../../lib/api-client';
import { afterFirstScreen } from '../../../lib/first-screen';
import { loadAppointmentList, saveAppointmentList } from '../../../lib/offline-store';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import { appointmentKeys } from './appointment-keys';

export interface AppointmentList {
  items: AgentAppointment[];
  /** When the list was synced with the server (epoch ms). */
  syncedAt: number;
  /** Set when the list came from the offline copy. */
  offlineSince: number | null;
}

type ListAnswer = Awaited<ReturnType<typeof fetchList>>;

function fetchList(tab: AgentTab, signal?: AbortSignal) {
  return answer(api.GET('/agent/appointments', { params: { query: { tab } }, ...(signal ? { signal } : {}) }));
}

/**
 * The portal's list asked for as the app starts, beside GET /api/me instead of after it: on one
 * bar of signal that is a round trip less before the day's work shows. Taken once, by the
 * first fetch of the same tab within EARLY_LIST_FRESH_MS (a start that opened something else
 * first asks again later); a refusal (signed out when it was asked, since signed in) is asked
 * again rather than answered from it.
 */
const EARLY_LIST_FRESH_MS = 10_000;
let early: { tab: AgentTab; askedAt: number; answer: Promise<ListAnswer> } | null = null;

export function fetchListEarly(tab: AgentTab): void {
  const pending = fetchList(tab);
  pending.catch(() => undefined);
  early = { tab, askedAt: Date.now(), answer: pending };
}

function takeEarly(tab: AgentTab): Promise<ListAnswer> | null {
  if (early?.tab !== tab) return null;
  const taken = Date.now() - early.askedAt < EARLY_LIST_FRESH_MS ? early.answer : null;
  early = null;
  return (
    taken?.catch((error: unknown) => {
      if (error instanceof NetworkError) throw error;
      return fetchList(tab);
    }) ?? null
  );
}

export async function getAppointments(options: { tab: AgentTab; userId: string; signal?: AbortSignal }): Promise<AppointmentList> {
  const { tab, userId, signal } = options;
  try {
    const body = await (takeEarly(tab) ?? fetchList(tab, signal));
    const items = cardsOf(body.items, tab);
    void saveAppointmentList({ tab, userId, items });
    // After the list is on screen: the mirror must not compete with the first render.
    void afterFirstScreen().then(() =>
      whenIdle(() => void import('./mirror-appointments').then(({ mirrorAppointments }) => mirrorAppointments(tab, userId, items))),
    );
    return { items, syncedAt: Date.now(), offlineSince: null };
  } catch (error) {
    if (error instanceof NetworkError) {
      const row = await loadAppointmentList(tab);
      if (row && row.userId === userId) return { items: row.items, syncedAt: row.syncedAt, offlineSince: row.syncedAt };
    }
    throw error;
  }
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3_000 });
  else setTimeout(work, 1_000);
}

export function appointmentListQueryOptions(tab: AgentTab, userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.list(tab),
    queryFn: ({ signal }) => getAppointments({ tab, userId, signal }),
  });
}

export function useAppointments(tab: AgentTab, userId: string) {
  return useQuery(appointmentListQueryOptions(tab, userId));
}

/** The last synced list of this user, shown while the network is still answering. */
export async function loadAppointmentListCopy(tab: AgentTab, userId: string): Promise<AppointmentList | null> {
  const row = await loadAppointmentList(tab);
  return row && row.userId === userId ? { items: row.items, syncedAt: row.syncedAt, offlineSince: row.syncedAt } : null;
}

/** Tabs of the agent's own assignments, the only cards that carry the name and file number. */
const ASSIGNED_TABS: ReadonlySet<AgentTab> = new Set(['assigned', 'completed']);

/**
 * The cards of a tab as the phone keeps them. The shape is the API's (typed by its document);
 * on an offer never the name or file number, whatever the answer held, because this is what
 * goes into the phone's offline copy (decision 022).
 */
export function cardsOf(items: readonly AgentAppointment[], tab: AgentTab): AgentAppointment[] {
  const assigned = ASSIGNED_TABS.has(tab);
  return items.map(({ name, fileNumber, ...card }) =>
    assigned ? { ...card, ...(name === undefined ? {} : { name }), fileNumber: fileNumber ?? null } : card,
  );
}
