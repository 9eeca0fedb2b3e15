import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDeniedTab } from './use-denied-tab';

const TABS = ['schedule', 'users', 'integrations'] as const;
const OFFICER_TABS = ['schedule', 'users'] as const;

function Denied({ allowed }: { allowed: readonly (typeof TABS)[number][] }) {
  return <>{useDeniedTab(TABS, allowed, 'schedule') ?? 'none'}</>;
}

const deniedAt = (url: string, allowed: readonly (typeof TABS)[number][]) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <Denied allowed={allowed} />
    </MemoryRouter>,
  );

describe('useDeniedTab', () => {
  it('names the tab a role may not open while the default tab shows', () => {
    expect(deniedAt('/originator?tab=schedule&denied=integrations', OFFICER_TABS)).toBe('integrations');
    expect(deniedAt('/originator?denied=integrations', OFFICER_TABS)).toBe('integrations');
  });

  it('names nothing once another tab is chosen, for a role that may open it, or for an unknown tab', () => {
    expect(deniedAt('/originator?tab=users&denied=integrations', OFFICER_TABS)).toBe('none');
    expect(deniedAt('/originator?tab=schedule&denied=integrations', TABS)).toBe('none');
    expect(deniedAt('/originator?tab=schedule&denied=reports', OFFICER_TABS)).toBe('none');
  });
});
