import { Alert, Anchor, Group, Skeleton, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCameFromHere } from '../../../lib/came-from';
import { useAtRisk, type AtRiskItem } from '../api/get-at-risk';
import 'mantine-datatable/styles.css';

// One order may be at risk for two reasons at once (no documents, signer not confirmed): a row each.
const rowId = (item: AtRiskItem) => `${item.appointmentId}:${item.reason}`;
/** The list scrolls past this height (its header stays), so the rest of the Dashboard stays near. */
const MAX_HEIGHT = 560;

/**
 * The Dashboard's first section (issue 33, item 6): the orders at risk now, oldest first as the
 * API orders them, each with why and the one action that resolves it. The order's link is how
 * the operator acts; an entry leaves by itself once its condition is met (live updates).
 */
export function AtRiskOrders() {
  const atRisk = useAtRisk();
  const cameFrom = useCameFromHere();
  const items = atRisk.data?.items;
  return (
    <section aria-labelledby="at-risk-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="at-risk-title">
          At risk now
        </Title>
        {items && items.length > 0 ? (
          <Text size="sm">{items.length === 1 ? '1 order, oldest first' : `${items.length} orders, oldest first`}</Text>
        ) : null}
      </Group>
      {atRisk.isPending ? <Skeleton height={120} aria-label="Loading..." /> : null}
      {atRisk.isError ? (
        <Alert color="red" role="alert" title="The orders at risk could not be loaded">
          {atRisk.error.message}
        </Alert>
      ) : null}
      {items?.length === 0 ? <Text>No order is at risk now.</Text> : null}
      {items && items.length > 0 ? (
        <DataTable<AtRiskItem>
          aria-label="Orders at risk now"
          withTableBorder
          borderRadius="md"
          striped
          verticalAlign="top"
          maxHeight={MAX_HEIGHT}
          records={items}
          idAccessor={rowId}
          columns={[
            { accessor: 'sinceText', title: 'At risk since', width: 130 },
            {
              accessor: 'name',
              title: 'Order',
              render: (item) => (
                <>
                  <Anchor component={Link} to={paths.adminRequest(item.appointmentId)} state={cameFrom} fz="sm">
                    {item.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {item.fileNumber ?? 'No file number'}
                  </Text>
                </>
              ),
            },
            { accessor: 'firmName', title: 'Firm' },
            { accessor: 'signingText', title: 'Signing', width: 130 },
            { accessor: 'place', title: 'Place' },
            {
              accessor: 'label',
              title: 'Reason',
              render: (item) => (
                <Text size="sm" fw={600}>
                  {item.label}
                </Text>
              ),
            },
            { accessor: 'action', title: 'Action' },
          ]}
        />
      ) : null}
    </section>
  );
}
