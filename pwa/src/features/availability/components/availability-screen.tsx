import { useId, useState, type FormEvent } from 'react';
import {
  AVAILABILITY_LABELS as LABEL,
  CHANNEL_LABELS,
  CHANNELS,
  MAX_SIGNINGS_PER_DAY,
  NOTIFICATION_GROUPS,
  PAUSE_OFFER_HOURS,
  TRAVEL_RADIUS_MILES,
  type Channel,
  type NotificationGroupId,
} from '@signingdesk/domain/availability';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/use-online-status';
import {
  useAddTimeOff,
  useAvailability,
  usePauseOffers,
  useRemoveTimeOff,
  useSaveAvailability,
  type Availability,
} from '../api/availability';
import '../availability.css';

const OFFLINE_SAVE = 'You are offline. Changes to your availability need a connection: connect to the internet to save them.';

/** Why a change was not saved, in the agent's words; a field's own message goes beside it. */
function failureText(error: unknown): string {
  if (error instanceof NetworkError) return OFFLINE_SAVE;
  if (error instanceof Error) return error.message;
  return 'Could not save. Please try again.';
}
const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.message])) : {};

/** "3:00 PM", or "3:00 PM tomorrow", in the agent's own zone. */
function pausedUntilText(until: string, timeZone: string): string {
  const at = new Date(until);
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  const day = (d: Date) => d.toLocaleDateString('en-US', { timeZone });
  if (day(at) === day(new Date())) return time;
  if (day(at) === day(new Date(Date.now() + 86_400_000))) return `${time} tomorrow`;
  return `${time} on ${at.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone })}`;
}

const rangeText = (r: { startsOn: string; endsOn: string; note: string | null }) => {
  const days = r.startsOn === r.endsOn ? formatUsDate(r.startsOn) : `${formatUsDate(r.startsOn)} – ${formatUsDate(r.endsOn)}`;
  return r.note ? `${days} · ${r.note}` : days;
};

/** The agent's availability: offers paused or not, travel and workload, notifications, days away. */
export function AvailabilityScreen({ userId }: { userId: string }) {
  const query = useAvailability(userId);
  const online = useOnlineStatus();
  if (query.isPending) {
    return (
      <p className="status-text" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading your availability…</span>
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          {query.error instanceof NetworkError
            ? 'You are offline. Your availability needs a connection: connect to the internet to see and change it.'
            : 'Could not load your availability. Please try again.'}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const availability = query.data;
  return (
    <>
      {online ? null : (
        <p className="notice notice--info" role="status">
          {OFFLINE_SAVE}
        </p>
      )}
      <PauseOffers userId={userId} availability={availability} />
      {/* Its fields start from the loaded availability and stay the agent's own while they edit. */}
      <TravelAndNotifications userId={userId} availability={availability} />
      <OutOfOffice userId={userId} availability={availability} />
    </>
  );
}

function PauseOffers({ userId, availability }: { userId: string; availability: Availability }) {
  const pause = usePauseOffers(userId);
  const headingId = useId();
  return (
    <section className="availability-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Offers</h2>
      {availability.offersPausedUntil ? (
        <div className="availability-paused">
          <p className="availability-paused__text" role="status">
            Offers paused until {pausedUntilText(availability.offersPausedUntil, availability.timeZone)}
          </p>
          <button type="button" className="button button--primary" disabled={pause.isPending} onClick={() => pause.mutate(null)}>
            Resume
          </button>
        </div>
      ) : (
        <>
          <p className="aside-text">Pause offers for</p>
          <div className="availability-pause" role="group" aria-label="Pause offers for">
            {PAUSE_OFFER_HOURS.map((hours) => (
              <button
                key={hours}
                type="button"
                className="button button--secondary"
                disabled={pause.isPending}
                onClick={() => pause.mutate(hours)}
              >
                {hours} {hours === 1 ? 'hour' : 'hours'}
              </button>
            ))}
          </div>
        </>
      )}
      {pause.isError ? (
        <p className="form__error" role="alert">
          {failureText(pause.error)}
        </p>
      ) : null}
    </section>
  );
}

function TravelAndNotifications({ userId, availability }: { userId: string; availability: Availability }) {
  const save = useSaveAvailability(userId);
  const [radius, setRadius] = useState(String(availability.travelRadiusMiles));
  const [perDay, setPerDay] = useState(availability.maxSigningsPerDay === null ? '' : String(availability.maxSigningsPerDay));
  const [channels, setChannels] = useState<Record<NotificationGroupId, Channel[]>>(availability.channels);
  const [saved, setSaved] = useState(false);
  const radiusId = useId();
  const perDayId = useId();
  const headingId = useId();
  const errors = fieldErrors(save.error);

  const toggle = (group: NotificationGroupId, channel: Channel, on: boolean) => {
    setSaved(false);
    setChannels((current) => ({
      ...current,
      [group]: on ? CHANNELS.filter((c) => c === channel || current[group].includes(c)) : current[group].filter((c) => c !== channel),
    }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const miles = Number(radius);
    const most = perDay.trim() === '' ? null : Number(perDay);
    save.mutate({ travelRadiusMiles: miles, maxSigningsPerDay: most, channels }, { onSuccess: () => setSaved(true) });
  };

  return (
    <section className="availability-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Travel and notifications</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__field">
          <label htmlFor={radiusId}>{LABEL.travelRadiusMiles} (miles)</label>
          <div className="availability-radius">
            <input
              type="range"
              min={TRAVEL_RADIUS_MILES.min}
              max={TRAVEL_RADIUS_MILES.max}
              step={5}
              value={Number(radius) || TRAVEL_RADIUS_MILES.default}
              onChange={(e) => {
                setSaved(false);
                setRadius(e.target.value);
              }}
              aria-label={`${LABEL.travelRadiusMiles} slider`}
            />
            <input
              id={radiusId}
              type="number"
              inputMode="numeric"
              min={TRAVEL_RADIUS_MILES.min}
              max={TRAVEL_RADIUS_MILES.max}
              value={radius}
              onChange={(e) => {
                setSaved(false);
                setRadius(e.target.value);
              }}
              aria-describedby={`${radiusId}-hint`}
              aria-invalid={errors.travelRadiusMiles ? true : undefined}
            />
          </div>
          <p id={`${radiusId}-hint`} className="aside-text">
            {TRAVEL_RADIUS_MILES.min} to {TRAVEL_RADIUS_MILES.max} miles from your address.
          </p>
          {errors.travelRadiusMiles ? <p className="form__error">{errors.travelRadiusMiles}</p> : null}
        </div>
        <div className="form__field">
          <label htmlFor={perDayId}>{LABEL.maxSigningsPerDay}</label>
          <input
            id={perDayId}
            type="number"
            inputMode="numeric"
            min={MAX_SIGNINGS_PER_DAY.min}
            max={MAX_SIGNINGS_PER_DAY.max}
            value={perDay}
            placeholder="No limit"
            onChange={(e) => {
              setSaved(false);
              setPerDay(e.target.value);
            }}
            aria-describedby={`${perDayId}-hint`}
            aria-invalid={errors.maxSigningsPerDay ? true : undefined}
          />
          <p id={`${perDayId}-hint`} className="aside-text">
            Leave empty for no limit, or {MAX_SIGNINGS_PER_DAY.min} to {MAX_SIGNINGS_PER_DAY.max}.
          </p>
          {errors.maxSigningsPerDay ? <p className="form__error">{errors.maxSigningsPerDay}</p> : null}
        </div>
        <fieldset className="availability-channels">
          <legend>Notifications</legend>
          {!availability.textsEnabled ? (
            <p className="aside-text">Texts reach you only when your profile has a mobile number and text messages are on.</p>
          ) : null}
          <table className="availability-channels__table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Kind</span>
                </th>
                {CHANNELS.map((c) => (
                  <th key={c} scope="col">
                    {CHANNEL_LABELS[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_GROUPS.map((g) => (
                <tr key={g.id}>
                  <th scope="row">
                    {g.label}
                    {g.required ? <span className="availability-channels__rule">At least one</span> : null}
                  </th>
                  {CHANNELS.map((c) => {
                    const on = channels[g.id].includes(c);
                    return (
                      <td key={c}>
                        <input
                          type="checkbox"
                          checked={on}
                          // A kind that must keep a channel cannot lose its last one.
                          disabled={g.required && on && channels[g.id].length === 1}
                          onChange={(e) => toggle(g.id, c, e.target.checked)}
                          aria-label={`${g.label}: ${CHANNEL_LABELS[c]}`}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="aside-text">No texts 9 pm – 7 am your time, except about your own signing within 2 hours; they come at 7 am.</p>
          {Object.entries(errors)
            .filter(([field]) => field.startsWith('channels'))
            .map(([field, message]) => (
              <p key={field} className="form__error">
                {message}
              </p>
            ))}
        </fieldset>
        {save.isError && !(save.error instanceof ApiError && save.error.fields.length > 0) ? (
          <p className="form__error" role="alert">
            {failureText(save.error)}
          </p>
        ) : null}
        <p className="status-text" role="status">
          {saved ? 'Saved.' : ''}
        </p>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save
        </button>
      </form>
    </section>
  );
}

function OutOfOffice({ userId, availability }: { userId: string; availability: Availability }) {
  const add = useAddTimeOff(userId);
  const remove = useRemoveTimeOff(userId);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [note, setNote] = useState('');
  const startId = useId();
  const endId = useId();
  const noteId = useId();
  const headingId = useId();
  const errors = fieldErrors(add.error);
  const { current, past } = availability.timeOff;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { startsOn, endsOn: endsOn || startsOn, note: note.trim() || null },
      {
        onSuccess: () => {
          setStartsOn('');
          setEndsOn('');
          setNote('');
        },
      },
    );
  };

  return (
    <section className="availability-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Out of office</h2>
      {current.length === 0 ? (
        <p className="empty-text">No days away planned.</p>
      ) : (
        <ul className="availability-ranges" aria-label="Days away">
          {current.map((r) => (
            <li key={r.id} className="availability-ranges__item">
              <span>{rangeText(r)}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={remove.isPending}
                onClick={() => remove.mutate(r.id)}
                aria-label={`Remove ${rangeText(r)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? (
        <p className="form__error" role="alert">
          {failureText(remove.error)}
        </p>
      ) : null}
      <form className="form availability-add" onSubmit={submit} noValidate aria-label="Add days away">
        <div className="availability-add__dates">
          <div className="form__field">
            <label htmlFor={startId}>{LABEL.startsOn}</label>
            <input id={startId} type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} required />
            {errors.startsOn ? <p className="form__error">{errors.startsOn}</p> : null}
          </div>
          <div className="form__field">
            <label htmlFor={endId}>{LABEL.endsOn}</label>
            <input id={endId} type="date" value={endsOn} min={startsOn || undefined} onChange={(e) => setEndsOn(e.target.value)} />
            {errors.endsOn ? <p className="form__error">{errors.endsOn}</p> : null}
          </div>
        </div>
        <div className="form__field">
          <label htmlFor={noteId}>{LABEL.note} (optional)</label>
          <input id={noteId} type="text" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {add.isError && !(add.error instanceof ApiError && add.error.fields.length > 0) ? (
          <p className="form__error" role="alert">
            {failureText(add.error)}
          </p>
        ) : null}
        <button type="submit" className="button button--secondary" disabled={add.isPending}>
          Add days away
        </button>
      </form>
      {past.length > 0 ? (
        <details className="availability-past">
          <summary>Past days away ({past.length})</summary>
          <ul className="availability-ranges">
            {past.map((r) => (
              <li key={r.id} className="availability-ranges__item">
                {rangeText(r)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
