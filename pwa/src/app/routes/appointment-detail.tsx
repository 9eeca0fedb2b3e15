import { Link, useLocation, useParams } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { LogOutButton } from '../../features/auth/components/log-out-button';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder until the agent-app issue brings the appointment detail (claim, counter, files). */
export function AppointmentDetailRoute() {
  useDocumentTitle('Appointment Details');
  const me = useSignedInAgent();
  const { id } = useParams();
  const location = useLocation();
  const returnTo = readReturnTo(location.state) ?? paths.portal;
  return (
    <PageLayout
      header={
        <>
          <span className="app-header__name">{me.name}</span>
          <LogOutButton />
        </>
      }
    >
      <h1>Appointment Details</h1>
      <p>
        The appointment detail view arrives with the agent-app issue. Appointment reference:{' '}
        <code>{id}</code>
      </p>
      <p>
        <Link to={returnTo} className="button button--secondary">
          Back to your requests
        </Link>
      </p>
    </PageLayout>
  );
}

function readReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>).returnTo;
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
