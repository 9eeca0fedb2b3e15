import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { formatMiles } from '@signingdesk/domain/eligibility';
import { formatCents } from '@signingdesk/domain/money';
import { formatPhone } from '@signingdesk/domain/phone';
import type { Schemas } from '../../../lib/api-client';
import { formatCount } from '../../../lib/counted';
import { formatEventTime } from '../../../lib/format-date-time';
import { LIVE_BID_STATUSES, operatorActionsFor } from '../utils/operator-rules';
import { useRun } from './use-operator-run';
import { VerifiedMark } from '../../../components/verified-mark';

type Order = Schemas['OperatorAppointment'];
type Bid = Schemas['Bid'];

const BID_STATUS_LABEL: Record<Bid['status'], string> = {
  offered: 'Offered, no answer yet',
  claimed: 'Claimed at the offered fee',
  countered: 'Countered',
  declined: 'Declined',
  approved: 'Accepted',
  rejected: 'Not chosen',
  removed: 'Offer closed',
};

/**
 * The agent-status list with bids (spec 02 §2): Accept / Decline while the request is unfilled;
 * each row with the distance, the agent's completed signings, their score (issue 31) and when they bid (issue 30).
 */
export function BidList({ order }: { order: Order }) {
  const can = operatorActionsFor({ ...order, assigned: order.assignedAgent !== null });
  const { run, pending } = useRun(order);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="bids-title">
      <Title order={2} id="bids-title" mb="md">
        Signing agents and bids
      </Title>
      {order.bids.length === 0 ? (
        <Text>{order.offerCount > 0 ? 'The offer is out; no agent has answered yet.' : 'Not sent to any signing agent yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table striped aria-labelledby="bids-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Signing agent</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Distance</Table.Th>
                <Table.Th>Completed signings</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Bid</Table.Th>
                <Table.Th>Bid time</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.bids.map((bid) => {
                const live = (LIVE_BID_STATUSES as readonly string[]).includes(bid.status);
                return (
                  <Table.Tr key={bid.offerId}>
                    <Table.Td>
                      {bid.agent.name} {bid.verified ? <VerifiedMark /> : null}
                    </Table.Td>
                    <Table.Td>{bid.agent.phone ? formatPhone(bid.agent.phone) : '—'}</Table.Td>
                    <Table.Td>{bid.agent.email}</Table.Td>
                    <Table.Td>{formatMiles(bid.distanceMiles)}</Table.Td>
                    <Table.Td>{formatCount(bid.completedCount)}</Table.Td>
                    <Table.Td>{bid.score}</Table.Td>
                    <Table.Td>{bid.bidCents === null ? '—' : formatCents(bid.bidCents)}</Table.Td>
                    <Table.Td>{bid.respondedAt ? formatEventTime(bid.respondedAt) : '—'}</Table.Td>
                    <Table.Td>{BID_STATUS_LABEL[bid.status]}</Table.Td>
                    <Table.Td>
                      {can.decideBids && live ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            disabled={pending}
                            onClick={() => void run({ kind: 'accept', offerId: bid.offerId }, 'Bid accepted')}
                            aria-label={`Accept ${bid.agent.name}`}
                          >
                            Accept
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={pending}
                            onClick={() => void run({ kind: 'decline-bid', offerId: bid.offerId }, 'Bid declined')}
                            aria-label={`Decline ${bid.agent.name}`}
                          >
                            Decline
                          </Button>
                        </Group>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
