import { Tabs, Text } from '@mantine/core';
import { Page } from '../../components/page';
import { useTabParam } from '../../lib/use-tab-param';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { AppointmentList } from '../../features/escrow-orders/components/appointment-list';
import { CreateAppointmentForm } from '../../components/appointment-form/create-appointment-form';
import { paths } from '../../config/paths';
import { useOlderOrderLink } from '../../lib/older-order-link';
import { FirmUsers } from '../../features/firm-users/components/firm-users';
import { AgentCoverage } from '../../features/agent-search/components/agent-coverage';
import { PreferredAgents } from '../../features/agent-search/components/preferred-agents';

/**
 * The portal's tabs (spec 01 §2, and what spec 02 §6 gives escrow roles: Create New User, List
 * Signing Agents; decision 028; the preferred agents automatic dispatch offers orders to first,
 * decision 067), the first opening by default.
 */
const TABS = ['schedule', 'in-process', 'completed', 'agents', 'preferred', 'users'] as const;

/** /originator: the escrow officer portal. An org admin (creator_admin) sees every order of the firm. */
export function OriginatorRoute() {
  const user = useSignedInUser();
  const role = user.role === 'creator_admin' ? 'creator_admin' : 'creator';
  const [tab, setTab] = useTabParam(TABS, 'schedule');
  const olderLink = useOlderOrderLink(paths.originatorOrder);
  if (olderLink) return olderLink;
  return (
    <Page title="Escrow Officer Portal" size="xl">
      <Text mb="lg">
        Welcome, {user.name} of {user.firm.name}.
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="schedule">Schedule New Appointment</Tabs.Tab>
          <Tabs.Tab value="in-process">In Process Appointments</Tabs.Tab>
          <Tabs.Tab value="completed">Completed Appointments</Tabs.Tab>
          <Tabs.Tab value="agents">Signing Agents</Tabs.Tab>
          <Tabs.Tab value="preferred">Preferred Agents</Tabs.Tab>
          <Tabs.Tab value="users">Users</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="schedule" pt="lg">
          <CreateAppointmentForm
            title="Create New Event"
            escrowEmail={user.email}
            firmId={user.firm.id}
            detailsPath={paths.originatorOrder}
          />
        </Tabs.Panel>
        <Tabs.Panel value="in-process" pt="lg">
          <AppointmentList view="in-process" />
        </Tabs.Panel>
        <Tabs.Panel value="completed" pt="lg">
          <AppointmentList view="completed" />
        </Tabs.Panel>
        <Tabs.Panel value="agents" pt="lg">
          <AgentCoverage />
        </Tabs.Panel>
        <Tabs.Panel value="preferred" pt="lg">
          <PreferredAgents firmName={user.firm.name} orgAdmin={role === 'creator_admin'} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="lg">
          <FirmUsers firmId={user.firm.id} role={role} caller={{ id: user.id, role: user.role }} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
