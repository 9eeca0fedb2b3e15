import { Alert, Button, Group, Text } from '@mantine/core';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { DataTable } from 'mantine-datatable';
import { showToast } from '../../../lib/toast';
import { usePreferredAgents, useUnprefer, type PreferredAgent } from '../api/preferred-agents';
import 'mantine-datatable/styles.css';

/** For whom an agent is preferred, in the words of the order page's checkboxes. */
function preferredFor(row: PreferredAgent, firmName: string): string {
  if (row.mine && row.firm) return `My orders and every order of ${firmName}`;
  return row.mine ? 'My orders' : `Every order of ${firmName}`;
}

/**
 * Preferred Agents (issue 32, decision 067): the agents automatic dispatch offers the officer's
 * orders to first — their own choices, then the firm's — with a way to take one off. An agent
 * is added from an order they signed ("Prefer … for my orders" beside the signing agent). An
 * org admin also takes agents off the firm's list; an officer sees the firm's choices but leaves
 * them to the org admin.
 */
export function PreferredAgents({ firmName, orgAdmin }: { firmName: string; orgAdmin: boolean }) {
  const list = usePreferredAgents();
  const unprefer = useUnprefer();
  const remove = (row: PreferredAgent, scope: 'mine' | 'firm') =>
    unprefer.mutate(
      { agentId: row.agentId, scope },
      {
        onSuccess: (result) => showToast({ title: 'Preferred agents', message: result.message }),
        onError: (error) => showToast({ title: 'That did not work', message: error.message, tone: 'error' }),
      },
    );
  const busy = (row: PreferredAgent) => unprefer.isPending && unprefer.variables?.agentId === row.agentId;
  return (
    <div>
      <Text mb="md" maw={760}>
        Automatic dispatch offers your orders to these signing agents before anyone else near the signing: those you prefer first, then
        those preferred for every order of {firmName}. Completed counts their signings for {firmName}. To add an agent, open an order they
        signed and tick “Prefer … for my orders” beside them.
      </Text>
      {list.isError ? (
        <Alert color="red" role="alert" title="The preferred agents could not be loaded" mb="md">
          {list.error.message}
        </Alert>
      ) : null}
      <DataTable
        aria-label="Preferred agents"
        withTableBorder
        striped
        minHeight={160}
        fetching={list.isFetching}
        records={list.data?.items ?? []}
        idAccessor="agentId"
        noRecordsText="No preferred agents yet. Open an order a signing agent signed and tick “Prefer … for my orders” beside them."
        columns={[
          { accessor: 'name', title: 'Signing agent' },
          {
            accessor: 'city',
            title: 'Where',
            render: (row) => [row.city, row.state].filter(Boolean).join(', ') || '—',
          },
          { accessor: 'completedForFirm', title: 'Completed' },
          {
            accessor: 'lastSigningDate',
            title: 'Last signing',
            render: (row) => (row.lastSigningDate ? formatUsDate(row.lastSigningDate) : '—'),
          },
          { accessor: 'mine', title: 'Preferred for', render: (row) => preferredFor(row, firmName) },
          {
            accessor: 'actions',
            title: 'Actions',
            render: (row) => (
              <Group gap="xs" wrap="wrap">
                {row.mine ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy(row)}
                    aria-label={`Remove ${row.name} from my orders`}
                    onClick={() => remove(row, 'mine')}
                  >
                    Remove
                  </Button>
                ) : null}
                {row.firm && orgAdmin ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy(row)}
                    aria-label={`Remove for the firm: ${row.name}`}
                    onClick={() => remove(row, 'firm')}
                  >
                    Remove for the firm
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
    </div>
  );
}
