import { Tabs, Text } from '@mantine/core';
import { Page } from '../../components/page';
import { useTabParam } from '../../lib/use-tab-param';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { AppointmentList } from '../../features/escrow-orders/components/appointment-list';
import { ScheduleAppointment } from '../../features/escrow-orders/components/schedule-appointment';
import { FirmUsers } from '../../features/firm-users/components/firm-users';

/** The portal's tabs (spec 01 §2), the first opening by default; org admins also manage the firm's users. */
const TABS = ['schedule', 'in-process', 'completed', 'users'] as const;

/** /originator: the escrow officer portal. An org admin (creator_admin) sees every order of the firm. */
export function OriginatorRoute() {
  const user = useSignedInUser();
  const orgAdmin = user.role === 'creator_admin';
  const [tab, setTab] = useTabParam(orgAdmin ? TABS : TABS.slice(0, 3), 'schedule');
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
          {orgAdmin ? <Tabs.Tab value="users">Users</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="schedule" pt="lg">
          <ScheduleAppointment escrowEmail={user.email} />
        </Tabs.Panel>
        <Tabs.Panel value="in-process" pt="lg">
          <AppointmentList view="in-process" />
        </Tabs.Panel>
        <Tabs.Panel value="completed" pt="lg">
          <AppointmentList view="completed" />
        </Tabs.Panel>
        {orgAdmin ? (
          <Tabs.Panel value="users" pt="lg">
            <FirmUsers firmId={user.firm.id} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Page>
  );
}
