import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SEARCH_RADII_MILES } from '@signingdesk/domain/codes';
import { ZIP_MESSAGE } from '@signingdesk/domain/fields';
import { ZIP_PATTERN } from '@signingdesk/domain/appointment-rules';
import { STATE_PLACEHOLDER, US_STATES, isUsState } from '@signingdesk/domain/us-states';
import { DataTable } from 'mantine-datatable';
import type { FormEvent } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import { useAgentSearch, type AgentSearch, type SearchRadius } from '../api/search-agents';
import 'mantine-datatable/styles.css';

const PAGE_SIZE = 25;
const DEFAULT_RADIUS: SearchRadius = 50;
const MODES = [
  { value: 'radius', label: 'Distance from a zip code' },
  { value: 'state', label: 'State' },
];
const RADII = SEARCH_RADII_MILES.map((miles) => ({ value: String(miles), label: `${miles} miles` }));
const STATES = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];

type Values = { mode: 'radius' | 'state'; zip: string; radius: string; state: string };

/** The search the URL holds (`?mode&zip&radius&state&page`), or null before the first one. */
function searchOf(params: URLSearchParams): AgentSearch | null {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const zip = params.get('zip') ?? '';
  const state = params.get('state') ?? '';
  if (params.get('mode') === 'state') return isUsState(state) ? { mode: 'state', state, page, pageSize: PAGE_SIZE } : null;
  const radius = SEARCH_RADII_MILES.find((miles) => String(miles) === params.get('radius')) ?? DEFAULT_RADIUS;
  return ZIP_PATTERN.test(zip) ? { mode: 'radius', zip, radius, page, pageSize: PAGE_SIZE } : null;
}

/**
 * Signing Agents for escrow roles (spec 02 §6 "List Signing Agents"; decision 028): how many
 * active agents are near a signing's zip or in a state, where they are and who is preferred —
 * no phone or email: the marketplace assigns the agent, whose contact then shows on the order.
 * The search lives in the URL, paged on the server.
 */
export function AgentCoverage() {
  const [params, update] = useUrlParams();
  const search = searchOf(params);
  const result = useAgentSearch(search);
  const form = useForm<Values>({
    initialValues: {
      mode: params.get('mode') === 'state' ? 'state' : 'radius',
      zip: params.get('zip') ?? '',
      radius: params.get('radius') ?? String(DEFAULT_RADIUS),
      state: params.get('state') ?? '',
    },
    validate: {
      zip: (value, values) => (values.mode === 'radius' && !ZIP_PATTERN.test(value.trim()) ? ZIP_MESSAGE : null),
      state: (value, values) => (values.mode === 'state' && !isUsState(value) ? 'Choose a state' : null),
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    const v = form.getValues();
    update(
      v.mode === 'radius'
        ? { mode: 'radius', zip: v.zip.trim(), radius: v.radius, state: null, page: null }
        : { mode: 'state', state: v.state, zip: null, radius: null, page: null },
    );
  };

  const data = result.data;
  const where = search?.mode === 'radius' ? `within ${search.radius} miles of ${search.zip}` : search ? `in ${search.state}` : '';
  return (
    <div>
      <Text mb="md" maw={720}>
        See how many signing agents cover a signing before you order it. Our team assigns the agent; their phone and email then show
        on the order.
      </Text>
      <form noValidate onSubmit={submit} role="search" aria-label="Find signing agents">
        <Group align="flex-start" mb="lg">
          <NativeSelect label="Search by" data={MODES} {...form.getInputProps('mode')} w={{ base: '100%', sm: 240 }} />
          {form.values.mode === 'radius' ? (
            <>
              <TextInput label="Zip code" inputMode="numeric" maxLength={5} autoComplete="postal-code" {...form.getInputProps('zip')} w={120} />
              <NativeSelect label="Within" data={RADII} {...form.getInputProps('radius')} w={140} />
            </>
          ) : (
            <NativeSelect label="State" data={STATES} {...form.getInputProps('state')} w={140} />
          )}
          <Button type="submit" mt={25} loading={result.isFetching}>
            Search
          </Button>
        </Group>
      </form>
      {result.isError ? (
        <Alert color="red" role="alert" title="The search could not be run" mb="md">
          {result.error.message}
        </Alert>
      ) : null}
      {data ? (
        <Text fw={700} mb="sm" role="status">
          {data.total === 1 ? '1 signing agent' : `${data.total.toLocaleString('en-US')} signing agents`} {where}
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
          recordsPerPage={PAGE_SIZE}
          page={search.page}
          onPageChange={(page) => update({ page: String(page) })}
          noRecordsText={search.mode === 'radius' ? 'No signing agents this close. Try a larger distance.' : 'No signing agents in this state yet.'}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          columns={[
            { accessor: 'name', title: 'Signing agent' },
            { accessor: 'city', title: 'City' },
            { accessor: 'state', title: 'State' },
            { accessor: 'zip', title: 'Zip' },
            ...(search.mode === 'radius'
              ? [{ accessor: 'distanceMiles' as const, title: 'Distance', render: (row: { distanceMiles: number | null }) => `${row.distanceMiles?.toFixed(1) ?? '—'} mi` }]
              : []),
            { accessor: 'preferred', title: 'Preferred', render: (row) => (row.preferred ? 'Preferred agent' : '—') },
          ]}
        />
      ) : null}
    </div>
  );
}
