import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AgentTab, Me } from '../../../types/api';
import { INACTIVE_REGISTRATION_TEXT, TAB_ORDER, TABS, toTab } from '../tabs';
import { afterFirstScreen } from '../../../lib/first-screen';
import { appointmentListQueryOptions } from '../api/get-appointments';
import { AppointmentList } from './appointment-list';
import { EarningsSummary } from '../earnings/earnings-summary';

interface PortalTabsProps {
  me: Me;
}

/**
 * The four tabs of the agent portal (WAI-ARIA tabs pattern: arrow keys, Home and End move
 * between tabs; the selected tab is kept in `?tab=` so reloads and links land on it).
 */
export function PortalTabs({ me }: PortalTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = toTab(searchParams.get('tab'));
  const tabRefs = useRef(new Map<AgentTab, HTMLButtonElement>());
  const active = me.status === 'active';
  const queryClient = useQueryClient();

  // Every tab is fetched (and kept on the phone) up front, not only when opened: with no
  // signal later, each of them is there — the recent completed ones too. The other tabs wait
  // until the selected one is on screen: on weak signal they would compete with it.
  useEffect(() => {
    if (!active) return;
    let current = true;
    void afterFirstScreen().then(() => {
      if (!current) return;
      for (const tab of ['assigned', 'pending', 'open', 'completed'] as const) {
        void queryClient.prefetchQuery(appointmentListQueryOptions(tab, me.id));
      }
    });
    return () => {
      current = false;
    };
  }, [active, me.id, queryClient]);

  const select = (tab: AgentTab, focus = false) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current.get(tab)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TAB_ORDER.indexOf(selected);
    const last = TAB_ORDER.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = TAB_ORDER[target];
    if (tab) select(tab, true);
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label="Appointments" onKeyDown={onKeyDown}>
        {TAB_ORDER.map((tab) => (
          <button
            key={tab}
            ref={(node) => {
              if (node) tabRefs.current.set(tab, node);
              else tabRefs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            aria-selected={tab === selected}
            aria-controls={`panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(tab)}
          >
            {TABS[tab].short}
            <span className="tabs__tab-rest visually-hidden"> {TABS[tab].label.slice(TABS[tab].short.length + 1)}</span>
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`}>
        {active ? (
          <>
            {selected === 'completed' && <EarningsSummary />}
            <AppointmentList key={selected} tab={selected} userId={me.id} />
          </>
        ) : (
          <p className="notice notice--info preserve-spaces">{INACTIVE_REGISTRATION_TEXT}</p>
        )}
      </div>
    </div>
  );
}
