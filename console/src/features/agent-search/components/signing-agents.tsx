import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import type { AgentMessageChannel } from '@signingdesk/domain/agent-message';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import type { AccountCaller } from '../../../lib/account-status';
import type { Schemas } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/use-url-params';
import { useAgentSearch, type SearchMode } from '../api/search-agents';
import { AgentProfileModal } from './agent-profile-modal';
import { AGENT_PAGE_SIZE, AgentSearchForm, agentsCounted, searchOf, searchedFor } from './agent-search-form';
import { MessageAgentModal } from './message-agent-modal';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { VerifiedMark } from '../../../components/verified-mark';

const MODES: readonly SearchMode[] = ['all', 'name', 'radius', 'state'];

type Row = Schemas['AgentSearchRow'];

type Recipient = { id: string; name: string; channel: AgentMessageChannel; to: string };

/**
 * List Signing Agents for operators (spec 02 §2 "Agent search"): Search All, by last name, within
 * 10–250 miles of a zip (nearest first, with the distance) or by state; each agent's name opens
 * their profile, the phone has a text-message button (≤ 320 characters) and the email an email
 * button (≤ 140; built, decision 029). A disabled agent's name has a Disabled badge; the profile
 * disables or enables them (the table has no room for one more column at 1440 px), and the
 * Account choice finds disabled agents again. The Score column (issue 31) sorts the best score
 * first, or back. The search lives in the URL, paged on the server.
 */
export function SigningAgents({ canSetPreferred, caller }: { canSetPreferred: boolean; caller: AccountCaller }) {
  const [params, update] = useUrlParams();
  const search = searchOf(params, MODES, true);
  const result = useAgentSearch(search);
  // The open profile is in the URL too (`agent=<id>`): the Dashboard's credential list links to it.
  const profileId = params.get('agent');
  const setProfileId = (id: string | null) => update({ agent: id });
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const data = result.data;

  return (
    <div>
      <AgentSearchForm modes={MODES} params={params} update={update} searching={result.isFetching} withAccountFilter />
      {result.isError ? (
        <Alert color="red" role="alert" title="The search could not be run" mb="md">
          {result.error.message}
        </Alert>
      ) : null}
      {data && search ? (
        <Text fw={700} mb="sm" role="status">
          {agentsCounted(search, data.total)} {searchedFor(search)}
        </Text>
      ) : null}
      {search ? (
        <DataTable
          aria-label="Signing agents"
          withTableBorder
          striped
          minHeight={160}
          fetching={result.isFetching}
          records={data?.items ?? []}
          idAccessor="id"
          totalRecords={data?.total ?? 0}
          recordsPerPage={AGENT_PAGE_SIZE}
          page={search.page}
          onPageChange={(page) => update({ page: String(page) })}
          noRecordsText={search.mode === 'radius' ? 'No signing agents this close. Try a larger distance.' : 'No signing agents found.'}
          paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
          // Sorted by score (best first) or not: a click on Score toggles between the two.
          sortStatus={{ columnAccessor: search.sort === 'score' ? 'score' : '', direction: 'desc' } as DataTableSortStatus<Row>}
          onSortStatusChange={() => update({ sort: search.sort === 'score' ? null : 'score', page: null })}
          columns={[
            {
              accessor: 'name',
              title: 'Signing agent',
              render: (row) => (
                <Group gap={6}>
                  <Anchor component="button" type="button" fz="sm" onClick={() => setProfileId(row.id)} aria-haspopup="dialog">
                    {row.name}
                  </Anchor>
                  {row.verified ? <VerifiedMark /> : null}
                  {row.status === 'disabled' ? (
                    <Badge size="sm" color="red.9" variant="filled">
                      Disabled
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { accessor: 'city', title: 'City' },
            { accessor: 'state', title: 'State' },
            { accessor: 'zip', title: 'Zip' },
            ...(search.mode === 'radius'
              ? [
                  {
                    accessor: 'distanceMiles' as const,
                    title: 'Distance',
                    render: (row: { distanceMiles: number | null }) => `${row.distanceMiles?.toFixed(1) ?? '—'} mi`,
                  },
                ]
              : []),
            { accessor: 'score', title: 'Score', sortable: true, width: 90, render: (row) => row.score ?? '—' },
            {
              accessor: 'preferred',
              title: 'Preferred',
              render: (row) =>
                row.preferred ? (
                  <Badge color="teal.9" variant="filled">
                    Preferred
                  </Badge>
                ) : (
                  <Text size="sm">Not set</Text>
                ),
            },
            {
              accessor: 'phone',
              title: 'Phone',
              render: (row) =>
                row.phone ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{row.phone}</Text>
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Text ${row.name}`}
                      onClick={() => setRecipient({ id: row.id, name: row.name, channel: 'sms', to: row.phone! })}
                    >
                      Text
                    </Button>
                  </Group>
                ) : (
                  '—'
                ),
            },
            {
              accessor: 'email',
              title: 'Email',
              render: (row) => (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{row.email}</Text>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Email ${row.name}`}
                    onClick={() => setRecipient({ id: row.id, name: row.name, channel: 'email', to: row.email ?? '' })}
                  >
                    Email
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      ) : null}
      <AgentProfileModal agentId={profileId} canSetPreferred={canSetPreferred} caller={caller} onClose={() => setProfileId(null)} />
      <MessageAgentModal recipient={recipient} onClose={() => setRecipient(null)} />
    </div>
  );
}
