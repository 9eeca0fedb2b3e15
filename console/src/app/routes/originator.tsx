import { Alert, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Page } from '../../components/page';
import { useDeniedTab } from '../../lib/use-denied-tab';
import { useTabParam } from '../../lib/use-tab-param';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { AppointmentList } from '../../features/escrow-orders/components/appointment-list';
import { CreateAppointmentForm } from '../../components/appointment-form/create-appointment-form';
import { paths } from '../../config/paths';
import { useOlderOrderLink } from '../../lib/older-order-link';
import { FirmUsers } from '../../features/firm-users/components/firm-users';
import { AgentCoverage } from '../../features/agent-search/components/agent-coverage';
import { PreferredAgents } from '../../features/agent-search/components/preferred-agents';
import { FirmIntegrations } from '../../features/integrations/components/firm-integrations';

/**
 * The portal's tabs (spec 01 §2, and what spec 02 §6 gives escrow roles: Create New User, List
 * Signing Agents; decision 028; the preferred agents automatic dispatch offers orders to first,
 * decision 067; the firm's API keys and webhooks, issue 34), the first opening by default.
 */
const TABS = ['schedule', 'in-process', 'completed', 'agents', 'preferred', 'users', 'integrations'] as const;
type Tab = (typeof TABS)[number];
const DEFAULT_TAB: Tab = 'schedule';
/** The org admin's tabs, by label: an escrow officer's link to one opens the default tab and says why. */
const ORG_ADMIN_TABS: Partial<Record<Tab, string>> = { integrations: 'Integrations' };

/** /originator: the escrow officer portal. An org admin (creator_admin) sees every order of the firm. */
export function OriginatorRoute() {
  const user = useSignedInUser();
  const role = user.role === 'creator_admin' ? 'creator_admin' : 'creator';
  const tabs = useMemo(() => (role === 'creator_admin' ? TABS : TABS.filter((value) => !(value in ORG_ADMIN_TABS))), [role]);
  const [tab, setTab] = useTabParam(tabs, DEFAULT_TAB);
  const denied = useDeniedTab(TABS, tabs, DEFAULT_TAB);
  const olderLink = useOlderOrderLink(paths.originatorOrder);
  if (olderLink) return olderLink;
  return (
    <Page title="Escrow Officer Portal" size="xl">
      <Text mb="lg">
        Welcome, {user.name} of {user.firm.name}.
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        {denied ? (
          <Alert color="yellow" role="status" mb="md" title="Not available to your role">
            {ORG_ADMIN_TABS[denied]} is for org admins only, so Schedule New Appointment opened instead.
          </Alert>
        ) : null}
        <Tabs.List>
          <Tabs.Tab value="schedule">Schedule New Appointment</Tabs.Tab>
          <Tabs.Tab value="in-process">In Process Appointments</Tabs.Tab>
          <Tabs.Tab value="completed">Completed Appointments</Tabs.Tab>
          <Tabs.Tab value="agents">Signing Agents</Tabs.Tab>
          <Tabs.Tab value="preferred">Preferred Agents</Tabs.Tab>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          {role === 'creator_admin' ? <Tabs.Tab value="integrations">Integrations</Tabs.Tab> : null}
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
        {role === 'creator_admin' ? (
          <Tabs.Panel value="integrations" pt="lg">
            <FirmIntegrations />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Page>
  );
}
