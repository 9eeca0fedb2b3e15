import { Alert, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useUrlParams } from '../../../lib/use-url-params';
import { useAgentSearch, type SearchMode } from '../api/search-agents';
import { AGENT_PAGE_SIZE, AgentSearchForm, searchOf, searchedFor } from './agent-search-form';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { formatCount } from '../../../lib/counted';

const MODES: readonly SearchMode[] = ['radius', 'state'];

/**
 * Signing Agents for escrow roles (spec 02 §6 "List Signing Agents"; decision 028): how many
 * active agents are near a signing's zip or in a state, where they are and who is preferred —
 * no phone or email: the marketplace assigns the agent, whose contact then shows on the order.
 * The search lives in the URL, paged on the server.
 */
export function AgentCoverage() {
  const [params, update] = useUrlParams();
  const search = searchOf(params, MODES);
  const result = useAgentSearch(search);
  const data = result.data;
  const where = search ? searchedFor(search) : '';
  return (
    <div>
      <Text mb="md" maw={720}>
        See how many signing agents cover a signing before you order it. Our team assigns the agent; their phone and email then show on the
        order.
      </Text>
      <AgentSearchForm modes={MODES} params={params} update={update} searching={result.isFetching} />
      {result.isError ? (
        <Alert color="red" role="alert" title="The search could not be run" mb="md">
          {result.error.message}
        </Alert>
      ) : null}
      {/* A refused search (a zip we do not know) says so once: no count or empty table of an earlier search beside it. */}
      {data && !result.isError ? (
        <Text fw={700} mb="sm" role="status">
          {data.total === 1 ? '1 signing agent' : `${formatCount(data.total)} signing agents`} {where}
        </Text>
      ) : null}
      {search && !result.isError ? (
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
          noRecordsText={
            search.mode === 'radius'
              ? 'No signing agents this close. Try a larger distance.'
              : `No signing agents ${searchedFor(search)} yet.`
          }
          paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
          columns={[
            { accessor: 'name', title: 'Signing agent' },
            { accessor: 'city', title: 'City' },
            { accessor: 'state', title: 'Home state' },
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
            { accessor: 'preferred', title: 'Preferred', render: (row) => (row.preferred ? 'Preferred agent' : '—') },
          ]}
        />
      ) : null}
    </div>
  );
}
