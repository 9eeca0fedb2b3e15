import { Alert, Tabs, Text } from '@mantine/core';
import type { Role } from '@signingdesk/domain/roles';
import { useMemo, type ReactNode } from 'react';
import { useDeniedTab } from '../../../lib/use-denied-tab';
import { useTabParam } from '../../../lib/use-tab-param';
import { ADMIN_TAB_VALUES, ADMIN_TABS, adminTabsFor, DEFAULT_ADMIN_TAB } from '../utils/admin-tabs';

/**
 * The operator dashboard tabs; the selected one lives in `?tab=` (see useTabParam). `panels`
 * holds the built tabs (composed by the route); the others still say what they will hold.
 */
export function AdminTabs({ role, panels }: { role: Role; panels: Partial<Record<string, ReactNode>> }) {
  const tabs = useMemo(() => adminTabsFor(role), [role]);
  const values = useMemo(() => tabs.map((tab) => tab.value), [tabs]);
  const [current, setCurrent] = useTabParam(values, DEFAULT_ADMIN_TAB);
  // A tab this role may not open (a sub_admin's link to Feedback) lands on the default tab
  // with a URL that says so, `?tab=assignments&denied=feedback`, and a sentence (issue 30).
  const deniedValue = useDeniedTab(ADMIN_TAB_VALUES, values, DEFAULT_ADMIN_TAB);
  const denied = ADMIN_TABS.find((tab) => tab.value === deniedValue);

  return (
    <Tabs value={current} onChange={setCurrent} keepMounted={false}>
      {denied ? (
        <Alert color="yellow" role="status" mb="md" title="Not available to your role">
          {denied.label} is for admins only, so {ADMIN_TABS.find((tab) => tab.value === DEFAULT_ADMIN_TAB)?.label} opened instead.
        </Alert>
      ) : null}
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
