import { Tabs, Text } from '@mantine/core';
import type { Role } from '@signingdesk/domain/roles';
import { useMemo, type ReactNode } from 'react';
import { useTabParam } from '../../../lib/use-tab-param';
import { adminTabsFor, DEFAULT_ADMIN_TAB } from '../utils/admin-tabs';

/**
 * The operator dashboard tabs; the selected one lives in `?tab=` (see useTabParam). `panels`
 * holds the built tabs (composed by the route); the others still say what they will hold.
 */
export function AdminTabs({ role, panels }: { role: Role; panels: Partial<Record<string, ReactNode>> }) {
  const tabs = useMemo(() => adminTabsFor(role), [role]);
  const values = useMemo(() => tabs.map((tab) => tab.value), [tabs]);
  const [current, setCurrent] = useTabParam(values, DEFAULT_ADMIN_TAB);

  return (
    <Tabs value={current} onChange={setCurrent} keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
          {panels[tab.value] ?? <Text>{tab.description}</Text>}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
