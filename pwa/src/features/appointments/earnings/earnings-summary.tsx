import { formatCents } from '@signingdesk/domain/money';
import { useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { localDate } from '../../../lib/calendar-days';
import { useOnlineStatus } from '../../../lib/use-online-status';

type Period = Schemas['AgentEarnings']['thisMonth'];

/**
 * The agent's earnings on the Completed tab (issue 30): this month, last month and the year to
 * date — the pay of their own completed signings, summed by the server by the signing's date
 * (the phone's calendar day says which month is this one), with the part paid so far — and the
 * year's signings as a CSV file for taxes. Folded until opened; it needs a connection.
 */
export function EarningsSummary() {
  const online = useOnlineStatus();
  const today = localDate(new Date());
  const query = useQuery({
    queryKey: ['agent-earnings', today],
    queryFn: ({ signal }) => answer(api.GET('/agent/earnings', { params: { query: { today } }, signal })),
    enabled: online,
  });
  const year = today.slice(0, 4);
  return (
    <details className="earnings card">
      <summary className="earnings__summary">
        Your earnings
        {query.data ? <span className="earnings__lead">{` · ${formatCents(query.data.thisMonth.earnedCents)} this month`}</span> : null}
      </summary>
      {query.data ? (
        <>
          <dl className="earnings__periods">
            <PeriodRow label="This month" period={query.data.thisMonth} />
            <PeriodRow label="Last month" period={query.data.lastMonth} />
            <PeriodRow label="Year to date" period={query.data.yearToDate} />
          </dl>
          <a className="button button--secondary" href={`/api/agent/earnings/export?year=${year}`} download>
            Download {year} CSV for taxes
          </a>
        </>
      ) : (
        <p className="status-text">
          {online ? (query.isError ? 'Could not load your earnings.' : 'Loading…') : 'Your earnings show when you are online.'}
        </p>
      )}
    </details>
  );
}

function PeriodRow({ label, period }: { label: string; period: Period }) {
  const unpaid = period.earnedCents - period.paidCents;
  return (
    <div className="earnings__row">
      <dt>{label}</dt>
      <dd>
        <strong>{formatCents(period.earnedCents)}</strong>
        <span className="earnings__detail">
          {` ${period.signings === 1 ? '1 signing' : `${period.signings} signings`}`}
          {unpaid > 0 ? ` · ${formatCents(unpaid)} unpaid` : period.signings > 0 ? ' · all paid' : ''}
        </span>
      </dd>
    </div>
  );
}
