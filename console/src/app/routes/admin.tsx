import { CreateAppointmentForm } from '../../components/appointment-form/create-appointment-form';
import { operatorRequestSchema } from '../../components/appointment-form/appointment-form-model';
import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useOlderOrderLink } from '../../lib/older-order-link';
import { FirmOfficerFields } from '../../features/firm-users/components/firm-officer-fields';
import { SigningAgents } from '../../features/agent-search/components/signing-agents';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { AdminTabs } from '../../features/admin/components/admin-tabs';
import { Assignments } from '../../features/assignments/components/assignments';
import { Firms } from '../../features/firm-users/components/firms';
import { OperatorCreateUser } from '../../features/firm-users/components/operator-create-user';
import { FeedbackInbox } from '../../features/feedback/components/feedback-inbox';
import { Outbox } from '../../features/outbox/components/outbox';
import { PendingAgents } from '../../features/pending-agents/components/pending-agents';
import { AllIntegrations } from '../../features/integrations/components/all-integrations';

// The charts (recharts) load with the Dashboard tab only.
const Dashboard = lazy(() => import('../../features/dashboard/components/dashboard').then((m) => ({ default: m.Dashboard })));

/** /admin: the operator dashboard; each built tab's feature is composed here. */
export function AdminRoute() {
  const user = useSignedInUser();
  const caller = { id: user.id, role: user.role };
  const olderLink = useOlderOrderLink(paths.adminRequest);
  if (olderLink) return olderLink;
  return (
    <Page title="Admin Portal" fluid>
      <AdminTabs
        role={user.role}
        panels={{
          'create-request': (
            <CreateAppointmentForm
              title="Create New Request"
              schema={operatorRequestSchema}
              ownerFields={(form, readOnly) => <FirmOfficerFields form={form} readOnly={readOnly} />}
              detailsPath={paths.adminRequest}
            />
          ),
          assignments: <Assignments />,
          'create-user': <OperatorCreateUser isAdmin={user.role === 'admin'} />,
          'signing-agents': <SigningAgents canSetPreferred={user.role === 'admin'} caller={caller} />,
          'pending-agents': <PendingAgents />,
          firms: <Firms canAdd={user.role === 'admin'} caller={caller} />,
          feedback: <FeedbackInbox />,
          outbox: <Outbox />,
          dashboard: (
            <Suspense fallback={<LoadingSpinner />}>
              <Dashboard />
            </Suspense>
          ),
          integrations: <AllIntegrations />,
        }}
      />
    </Page>
  );
}
