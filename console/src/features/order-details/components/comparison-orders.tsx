import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { useComparisonOrders } from '../api/operator-actions';
import { errorMessage } from './use-operator-run';

/** Prior orders in the area (spec 02 §2 "comparison orders"), grouped by agent with their average fee. */
export function ComparisonOrders({ appointmentId }: { appointmentId: string }) {
  const comparison = useComparisonOrders(appointmentId);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="comparison-title">
      <Title order={2} id="comparison-title" mb="xs">
        Comparison orders
      </Title>
      {comparison.data ? (
        <Text size="sm" c="dimmed" mb="md">
          Completed orders within {comparison.data.radiusMiles} miles since{' '}
          {formatUsDate(new Date(comparison.data.since * 1000).toISOString().slice(0, 10))}.
        </Text>
      ) : null}
      {comparison.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(comparison.error)}
        </Alert>
      ) : null}
      {comparison.data && comparison.data.groups.length === 0 ? <Text>No comparable orders in the area yet.</Text> : null}
      {comparison.data && comparison.data.groups.length > 0 ? (
        <Table striped aria-labelledby="comparison-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Signing agent</Table.Th>
              <Table.Th>Orders</Table.Th>
              <Table.Th>Average fee</Table.Th>
              <Table.Th>Latest</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.data.groups.map((group) => (
              <Table.Tr key={group.label}>
                <Table.Td>{group.label}</Table.Td>
                <Table.Td>{group.count}</Table.Td>
                <Table.Td>${group.averageFee}</Table.Td>
                <Table.Td>
                  {group.orders[0] ? `${formatUsDate(group.orders[0].date)} · ${group.orders[0].city}, ${group.orders[0].state}` : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Card>
  );
}
