import { useIsFetching } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useMarkFirstScreen } from '../../../lib/first-screen';
import { formatSyncTime } from '../../../lib/format-date-time';
import { useOutboxItems } from '../../../lib/outbox/use-outbox';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { cardsWithOutbox, type ListCard } from '../list-with-outbox';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import type { OutboxItem } from '../../../lib/outbox/types';
import { appointmentKeys } from '../api/appointment-keys';
import { useCopyWhilePending } from '../../../lib/use-copy-while-pending';
import { loadAppointmentListCopy, useAppointments } from '../api/get-appointments';
import { useOfferSources } from '../api/use-offer-sources';
import { useSignerConfirmations } from '../api/use-signer-confirmations';
import { assignmentOnPhone } from '../assignment-on-phone';
import { TABS } from '../tabs';
import { AppointmentCard } from './appointment-card';
import { ToDoSummary } from './to-do-summary';

interface AppointmentListProps {
  tab: AgentTab;
  userId: string;
}

export function AppointmentList({ tab, userId }: AppointmentListProps) {
  const definition = TABS[tab];
  const query = useAppointments(tab, userId);
  const data = useCopyWhilePending(query, appointmentKeys.list(tab), () => loadAppointmentListCopy(tab, userId));
  const refreshing = useIsFetching({ queryKey: appointmentKeys.list(tab) }) > 0;
  const settled = data !== undefined || !query.isPending;
  // Cards mark it once all of them are in the page (CardList); an empty list or an error at once.
  useMarkFirstScreen(settled && !data?.items.length);
  const online = useOnlineStatus();
  // No rows reads as the same empty list throughout: the outbox's first answer on a phone with
  // nothing waiting then leaves the cards as they are.
  const outbox = useOutboxItems(userId);
  const rows = outbox?.length ? outbox : NO_ROWS;
  // The offers a claim or counter of the agent is about, for the Pending tab's cards the server has not sent yet.
  const bidIds = tab === 'pending' ? [...new Set(rows.filter(isBid).map((row) => row.appointmentId))] : [];
  const sources = useOfferSources(userId, bidIds) ?? NO_SOURCES;
  // An answer on its way (or sent since this copy) shows at once: a declined offer reads as
  // declined, a claim moves from Open to Pending (list-with-outbox.ts).
  const listed = useMemo(
    () => (data ? cardsWithOutbox({ tab, items: data.items, syncedAt: data.syncedAt, rows, sources }) : []),
    [tab, data, rows, sources],
  );

  // Assignments as the phone knows them: the confirmation with the signer of the details kept on
  // the phone when newer than the list, and the agent's own confirmation or completion on its way.
  const assignedIds = tab === 'assigned' && data ? data.items.map((item) => item.id) : NO_IDS;
  const kept = useSignerConfirmations(userId, assignedIds);
  const cards = useMemo(
    () =>
      tab === 'assigned' && data
        ? listed.map((card) => ({
            ...card,
            appointment: assignmentOnPhone(card.appointment, { listSyncedAt: data.syncedAt, kept: kept?.get(card.appointment.id), rows }),
          }))
        : listed,
    [tab, data, listed, kept, rows],
  );

  // What needs the agent, and what is overdue, is judged by the clock: a list kept on the phone
  // turns due as time passes offline, and on screen as each minute starts.
  const now = useMinuteClock();

  const loading = data === undefined && query.isPending;
  // The heading comes with the list: painted together, the list (not the portal's title above
  // it) is the first screen's largest paint, and that paint is when the day's work shows.
  return (
    <section
      className="card"
      {...(loading ? { 'aria-label': definition.heading } : { 'aria-labelledby': `${tab}-heading` })}
      aria-busy={refreshing}
    >
      {!loading && (
        <h2 id={`${tab}-heading`} className="card__heading">
          {definition.heading}
        </h2>
      )}

      {loading ? (
        <p className="status-text" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your requests…
        </p>
      ) : data === undefined ? (
        <div className="notice notice--error" role="alert">
          <p>
            {online
              ? 'Could not load your requests. Check your connection and try again.'
              : 'This list is not on this phone yet: it is kept once it has loaded with a connection. Try again when you are online.'}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()} disabled={refreshing}>
            Retry
          </button>
        </div>
      ) : (
        <>
          <p className="status-text">
            Last synced {formatSyncTime(data.syncedAt)}.{query.isPending ? ' Refreshing…' : ''}
          </p>
          {tab === 'assigned' && <ToDoSummary assignments={cards} now={now} />}
          {cards.length === 0 ? <p className="empty-text">No requests here right now.</p> : <CardList cards={cards} tab={tab} now={now} />}
        </>
      )}
    </section>
  );
}

/** Cards a phone's first screen holds (three at 360 × 740), and one to spare. */
const FIRST_SCREEN_CARDS = 4;
const NO_ROWS: OutboxItem[] = [];
const NO_SOURCES: ReadonlyMap<string, AgentAppointment> = new Map();
const NO_IDS: string[] = [];

function isBid(row: OutboxItem): boolean {
  return (row.action.kind === 'claim' || row.action.kind === 'counter') && row.state !== 'refused';
}

/**
 * The cards, the first screen's first: when the list arrives those are rendered and painted at
 * once, the rest in a transition that React renders in slices, so that a long list is not one
 * long task before the agent can tap. A list that changes later renders the same way, the
 * cards shown staying until the new ones are ready. The first screen is marked once every card
 * is in the page: what waits for it (Dexie, the other tabs, the service worker) would otherwise
 * load between the first cards and the rest.
 */
function CardList({ cards, tab, now }: { cards: ListCard[]; tab: AgentTab; now: number }) {
  const shown = useDeferredValue(cards, cards.slice(0, FIRST_SCREEN_CARDS));
  useMarkFirstScreen(shown === cards);
  return (
    <ul className="appointment-list">
      {shown.map(({ appointment, offerStatus, savedOnPhone }) => (
        <li key={appointment.id}>
          <AppointmentCard
            appointment={appointment}
            tab={tab}
            offerStatus={offerStatus}
            savedOnPhone={savedOnPhone}
            returnTo={`/?tab=${tab}`}
            now={now}
          />
        </li>
      ))}
    </ul>
  );
}
