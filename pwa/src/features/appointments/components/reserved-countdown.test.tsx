import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReservedCountdown } from './reserved-countdown';

const REASON = 'Reserved for you because the title company prefers you, 4.2 mi from the signing.';

describe('ReservedCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('says how long the offer stays the agent’s, as a timer, and why it is theirs', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T15:00:00Z') });
    const html = renderToStaticMarkup(<ReservedCountdown until="2026-11-27T15:04:32Z" reason={REASON} />);
    expect(html).toContain('<p role="timer" class="appointment-card__reserved-time">Reserved for you — 4:32 left</p>');
    expect(html).toContain(REASON);
  });

  it('is gone once the window has passed', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T15:04:33Z') });
    expect(renderToStaticMarkup(<ReservedCountdown until="2026-11-27T15:04:32Z" reason={REASON} />)).toBe('');
  });
});
