import { reservedHeading } from '@signingdesk/domain/dispatch';
import { useEffect, useState } from 'react';

interface ReservedCountdownProps {
  /** Until when (ISO 8601) dispatch reserves the offer for this agent and the others of its wave. */
  until: string;
  /** Why it was reserved for them: "Reserved for you because …, 4.2 mi from the signing." */
  reason: string | null;
}

/**
 * "Reserved for you — 4:32 left" on an offer of automatic dispatch's wave (decision 067),
 * counting down by the phone's clock, and why the offer went to this agent. Gone once the
 * window has passed: the offer stays open, no longer to them alone. A timer role, so screen
 * readers read it when asked, not every second.
 */
export function ReservedCountdown({ until, reason }: ReservedCountdownProps) {
  const untilMs = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const open = untilMs > now;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  if (!open) return null;
  return (
    <div className="appointment-card__reserved">
      <p role="timer" className="appointment-card__reserved-time">
        {reservedHeading(untilMs, now)}
      </p>
      {reason && <p className="appointment-card__reserved-reason">{reason}</p>}
    </div>
  );
}
