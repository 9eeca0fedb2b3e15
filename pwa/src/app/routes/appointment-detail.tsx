import { Link, useLocation, useParams } from 'react-router';
import { agentDetailWindowOpen } from '@signingdesk/domain/appointment-rules';
import { offerTitle } from '@signingdesk/domain/offer-title';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { appointmentKeys } from '../../features/appointments/api/appointment-keys';
import { loadAppointmentCopy, useAppointment, type AgentVisibleView } from '../../features/appointments/api/get-appointment';
import { ComparisonOrdersTable } from '../../features/appointments/components/detail/comparison-orders';
import { AgentRecordView } from '../../features/appointments/components/detail/agent-record-view';
import { AssignmentView } from '../../features/appointments/components/detail/assignment-view';
import { OfferView } from '../../features/appointments/components/detail/offer-view';
import { SyncedAt } from '../../features/appointments/components/detail/synced-at';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { ApiError } from '../../lib/api-client';
import { useAppointmentOutbox } from '../../lib/outbox/use-outbox';
import { useMarkFirstScreen } from '../../lib/first-screen';
import { useCopyWhilePending } from '../../lib/use-copy-while-pending';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkTarget } from '../../lib/use-link-target';

/**
 * One appointment: an offer (claim / counter / decline), the agent's assignment, or — once a
 * completed signing's 3-day window has closed — the agent's record of it (no error screen: the
 * server's answer says so, and a copy made before the window closed is judged by the same rule).
 */
export function AppointmentDetailRoute() {
  const me = useSignedInAgent();
  const { id = '' } = useParams();
  const location = useLocation();
  const returnTo = readReturnTo(location.state) ?? paths.portal;
  const query = useAppointment(id, me.id);
  const mirrored = useCopyWhilePending(query, appointmentKeys.detail(id), () => loadAppointmentCopy(id, me.id));
  const rows = useAppointmentOutbox(me.id, id) ?? [];
  const view = mirrored?.data;
  const heading = headingOf(view);
  useDocumentTitle(heading);
  useMarkFirstScreen(mirrored !== undefined || !query.isPending);
  useLinkTarget();

  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <p>
        <Link to={returnTo} className="back-link">
          ← Back to your requests
        </Link>
      </p>
      <h1>{heading}</h1>
      {mirrored === undefined && query.isPending ? (
        <p className="status-text" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the appointment…
        </p>
      ) : mirrored === undefined ? (
        <LoadErrors error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SyncedAt mirrored={mirrored} />
          {mirrored.data.view === 'agent_record' ? (
            <AgentRecordView record={mirrored.data} />
          ) : mirrored.data.view === 'agent' && !agentDetailWindowOpen(mirrored.data) ? (
            <AgentRecordView record={mirrored.data} />
          ) : mirrored.data.view === 'agent' ? (
            <AssignmentView view={mirrored.data} userId={me.id} rows={rows} />
          ) : (
            <>
              <OfferView view={mirrored.data} userId={me.id} syncedAt={mirrored.syncedAt} />
              {/* Every offer view, as the preview shows it (issue 30). */}
              <ComparisonOrdersTable appointmentId={mirrored.data.id} />
            </>
          )}
        </>
      )}
    </PageLayout>
  );
}

/** The spec's "<name> Details" while the agent may see the name; the neutral title otherwise. */
function headingOf(view: AgentVisibleView | undefined): string {
  if (!view) return 'Appointment Details';
  if (view.view === 'agent') return agentDetailWindowOpen(view) ? `${view.name} Details` : offerTitle(view);
  return view.title;
}

/** The spec's error list: each message of a failed load. */
function LoadErrors({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const messages =
    error instanceof ApiError && error.status === 404
      ? ['This appointment is not available to you.']
      : error instanceof ApiError
        ? [error.message]
        : ['This appointment has not been synced to this phone yet. Connect to the internet to open it.'];
  return (
    <div className="notice notice--error" role="alert">
      <ul className="error-list">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function readReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>).returnTo;
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
