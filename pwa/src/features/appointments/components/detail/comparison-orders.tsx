import { formatCents } from '@signingdesk/domain/money';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { useComparisonOrders } from '../../api/get-preview';
import { Panel } from '../../../../components/panel';
import '../../../../components/chrome.css';

/** How many of each agent's newest orders are listed (the API gives up to 10). */
const RECENT_SHOWN = 3;

/**
 * Prior completed orders in the area, grouped by agent with the average fee (spec 02 §2). To
 * fit a 320 px phone without sideways scrolling, each agent takes two rows: agent, orders and
 * average fee, then the recent orders across the full width. The table sits in a focusable,
 * named region that shades its edges should it ever scroll (a very large text size).
 */
export function ComparisonOrdersTable({ appointmentId }: { appointmentId: string }) {
  const query = useComparisonOrders(appointmentId, true);
  return (
    <Panel id="comparison-heading" title="Prior orders in this area">
      {query.isPending ? (
        <p className="status-text">Loading…</p>
      ) : query.isError ? (
        <p className="status-text">Prior orders are shown when you are online.</p>
      ) : query.data.groups.length === 0 ? (
        <p className="empty-text">No completed orders within {query.data.radiusMiles} miles in the past year.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Prior orders by agent">
          <table className="table comparison-table">
            <caption className="visually-hidden">Completed orders within {query.data.radiusMiles} miles in the past year, by agent</caption>
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Orders</th>
                <th scope="col">Average Fee</th>
              </tr>
            </thead>
            {query.data.groups.map((group) => (
              <tbody key={group.label} className="comparison-table__group">
                <tr>
                  <th scope="row">{group.label}</th>
                  <td>{group.count}</td>
                  <td>${group.averageFee}</td>
                </tr>
                <tr className="comparison-table__recent">
                  <td colSpan={3}>
                    <span className="comparison-table__label">
                      Recent orders<span className="visually-hidden"> of {group.label}</span>:
                    </span>
                    <ul className="plain-list">
                      {group.orders.slice(0, RECENT_SHOWN).map((o, i) => (
                        <li key={i}>{`${formatUsDate(o.date)} · ${o.city}, ${o.state} · ${formatCents(o.feeCents)}`}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}
    </Panel>
  );
}
