import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { keptSummaryText } from '../format-bytes';
import { useKeptSummary } from '../api/use-kept-documents';
import { useKeepPreference, writeKeepPreference } from '../keep-preference';
import { useKeepStatus } from '../keep-status';
import '../documents.css';

export const KEEP_LABEL = 'Keep documents on this phone';

/**
 * The agent's switch for keeping documents on the phone (docs/decisions/017), what the kept
 * copies take and the room left, and a problem of the last run (no room) as an alert.
 * `onChange` runs the keep step at once (keep, or delete everything when turned off).
 */
export function KeepDocumentsSwitch({ userId, onChange }: { userId: string; onChange: (on: boolean) => void }) {
  const on = useKeepPreference(userId);
  const summary = useKeptSummary(userId);
  const { running, report } = useKeepStatus(userId);
  const free = useFreeRoom(`${summary?.count}/${summary?.bytes}/${on}`);
  const switchId = useId();
  const helpId = useId();

  const toggle = (event: ChangeEvent<HTMLInputElement>) => {
    writeKeepPreference(userId, event.target.checked);
    onChange(event.target.checked);
  };

  return (
    <div className="keep">
      <label className="keep__switch" htmlFor={switchId}>
        <span className="keep__label">{KEEP_LABEL}</span>
        <input
          id={switchId}
          className="keep__input"
          type="checkbox"
          role="switch"
          checked={on}
          onChange={toggle}
          aria-describedby={helpId}
        />
      </label>
      <p id={helpId} className="keep__help">
        Downloads the documents of today’s and tomorrow’s assignments while you are online, so they open with no signal. They are deleted
        once the signing is completed or its day has passed, and when you log out.
      </p>
      {summary && (on || summary.count > 0) && <p className="keep__summary">{keptSummaryText(summary.count, summary.bytes, free)}</p>}
      {running && on && <p className="keep__summary">Keeping documents on this phone…</p>}
      {report?.problem && (
        <p className="form__error" role="alert">
          {report.problem}
        </p>
      )}
    </div>
  );
}

/** The room the browser still grants the app (quota − usage), read again when `key` changes. */
function useFreeRoom(key: string): number | null {
  const [free, setFree] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    if (!navigator.storage?.estimate) return;
    navigator.storage
      .estimate()
      .then(({ quota, usage }) => {
        if (live && quota !== undefined && usage !== undefined) setFree(Math.max(0, quota - usage));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return free;
}
