import { Tabs, Text } from '@mantine/core';
import { useTabParam } from '../../../lib/use-tab-param';

/** The escrow officer portal's three tabs (spec 01 §2), the first one opening by default. */
const TABS = ['schedule', 'in-process', 'completed'] as const;

type OriginatorTabsProps = {
  /** An org admin (creator_admin) works with every order of the firm, an escrow officer with their own. */
  scope: 'own' | 'firm';
};

export function OriginatorTabs({ scope }: OriginatorTabsProps) {
  const [tab, setTab] = useTabParam(TABS, 'schedule');
  const whose = scope === 'firm' ? 'your firm’s' : 'your';
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="schedule">Schedule New Appointment</Tabs.Tab>
        <Tabs.Tab value="in-process">In Process Appointments</Tabs.Tab>
        <Tabs.Tab value="completed">Completed Appointments</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="schedule" pt="lg">
        <Text>
          This tab will hold the form for ordering a new signing appointment: fill it in, preview
          it, then submit it.
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="in-process" pt="lg">
        <Text>
          This tab will list {whose} appointments that are still in process, with their date,
          file number, signer, status and assigned signing agent.
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="completed" pt="lg">
        <Text>This tab will list {whose} completed appointments.</Text>
      </Tabs.Panel>
    </Tabs>
  );
}
