/**
 * One portal tab's list: GET /api/agent/appointments?tab=<tab>. Each answer is copied into
 * IndexedDB; when the network is gone the last copy of that tab (for the same user) is shown
 * instead, with the time it was synced.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../config/paths';
import { apiGet, NetworkError } from '../../../lib/api-client';
import { loadAppointmentList, saveAppointmentList } from '../../../lib/offline-store';
import { APPOINTMENT_STATUSES, OFFER_STATUSES, type AppointmentStatus } from '@signingdesk/domain/codes';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import { appointmentKeys } from './appointment-keys';

export interface AppointmentList {
  items: AgentAppointment[];
  /** When the list was synced with the server (epoch ms). */
  syncedAt: number;
  /** Set when the list came from the offline copy. */
  offlineSince: number | null;
}

export async function getAppointments(options: {
  tab: AgentTab;
  userId: string;
  signal?: AbortSignal;
}): Promise<AppointmentList> {
  const { tab, userId, signal } = options;
  try {
    const body = await apiGet(
      `${API_PATHS.agentAppointments}?tab=${encodeURIComponent(tab)}`,
      signal ? { signal } : {},
    );
    const items = parseAppointmentList(body, tab);
    void saveAppointmentList({ tab, userId, items });
    // After the list is on screen: the mirror must not compete with the first render.
    afterFirstPaint(() => void import('./mirror-appointments').then(({ mirrorAppointments }) => mirrorAppointments(tab, userId, items)));
    return { items, syncedAt: Date.now(), offlineSince: null };
  } catch (error) {
    if (error instanceof NetworkError) {
      const row = await loadAppointmentList(tab);
      if (row && row.userId === userId) return { items: row.items, syncedAt: row.syncedAt, offlineSince: row.syncedAt };
    }
    throw error;
  }
}

function afterFirstPaint(work: () => void): void {
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

function isAppointmentStatus(value: string): value is AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(value);
}

/** Tabs of the agent's own assignments, the only cards that carry the name and file number. */
const ASSIGNED_TABS: ReadonlySet<AgentTab> = new Set(['assigned', 'completed']);

/**
 * Checks the answer's shape so a server change shows as an error, not as a broken card. Only
 * the fields a card shows are kept — on an offer never the name or file number, whatever the
 * answer held — because this is what goes into the phone's offline copy.
 */
export function parseAppointmentList(body: unknown, tab: AgentTab): AgentAppointment[] {
  if (!isRecord(body) || !Array.isArray(body.items)) {
    throw new TypeError('GET /api/agent/appointments: expected { items: [] }');
  }
  return body.items.map((raw, index) => {
    if (!isRecord(raw)) throw new TypeError(`appointment ${index}: not an object`);
    const text = (key: string): string => {
      const value = raw[key];
      if (typeof value !== 'string') throw new TypeError(`appointment ${index}: ${key} must be a string`);
      return value;
    };
    const feeCents = raw.feeCents;
    if (typeof feeCents !== 'number' || !Number.isInteger(feeCents)) {
      throw new TypeError(`appointment ${index}: feeCents must be an integer`);
    }
    return {
      id: text('id'),
      title: text('title'),
      ...(ASSIGNED_TABS.has(tab) ? { name: text('name'), fileNumber: typeof raw.fileNumber === 'string' ? raw.fileNumber : null } : {}),
      status: (() => {
        const status = text('status');
        if (!isAppointmentStatus(status)) throw new TypeError(`appointment ${index}: unknown status ${status}`);
        return status;
      })(),
      city: text('city'),
      state: text('state'),
      date: text('date'),
      time: text('time'),
      timeTbd: raw.timeTbd === true,
      timeZone: text('timeZone'),
      feeCents,
      offeredFeeCents: typeof raw.offeredFeeCents === 'number' ? raw.offeredFeeCents : feeCents,
      startsAt: (() => {
        const startsAt = raw.startsAt;
        if (typeof startsAt !== 'number' || !Number.isInteger(startsAt)) throw new TypeError(`appointment ${index}: startsAt must be an integer`);
        return startsAt;
      })(),
      offerStatus: (OFFER_STATUSES as readonly unknown[]).includes(raw.offerStatus) ? (raw.offerStatus as AgentAppointment['offerStatus']) : null,
      scanBackRequired: raw.scanBackRequired === true,
      showCompleteButton: raw.showCompleteButton === true,
      markedCompleted: raw.markedCompleted === true,
    };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
