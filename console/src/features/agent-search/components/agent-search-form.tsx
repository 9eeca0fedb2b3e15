import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZIP_PATTERN } from '@signingdesk/domain/appointment-rules';
import { SEARCH_RADII_MILES } from '@signingdesk/domain/codes';
import { ZIP_MESSAGE } from '@signingdesk/domain/fields';
import { STATE_PLACEHOLDER, US_STATES, isUsState } from '@signingdesk/domain/us-states';
import type { FormEvent } from 'react';
import type { AccountFilter, AgentSearch, SearchMode, SearchRadius } from '../api/search-agents';
import { formatCount } from '../../../lib/counted';

export const AGENT_PAGE_SIZE = 25;
const DEFAULT_RADIUS: SearchRadius = 50;
export const LAST_NAME_REQUIRED = 'Enter a last name to search by name';

const MODE_LABELS: Record<SearchMode, string> = {
  all: 'Search All',
  name: 'Search By Name (last name)',
  radius: 'Distance from a zip code',
  state: 'State',
};
const RADII = SEARCH_RADII_MILES.map((miles) => ({ value: String(miles), label: `${miles} miles` }));
/** The operators' account filter; Active (approved, not disabled) is the API's default. */
const ACCOUNT_FILTER_LABELS: Record<AccountFilter, string> = {
  active: 'Active',
  disabled: 'Disabled',
  pending: 'Registration pending',
  all: 'All',
};
const ACCOUNT_FILTERS = (Object.keys(ACCOUNT_FILTER_LABELS) as AccountFilter[]).map((value) => ({
  value,
  label: ACCOUNT_FILTER_LABELS[value],
}));
const isAccountFilter = (value: string | null): value is AccountFilter => value !== null && value in ACCOUNT_FILTER_LABELS;
const STATES = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];

type Values = { mode: SearchMode; lastName: string; zip: string; radius: string; state: string; status: AccountFilter; verified: boolean };

/**
 * The search the URL holds (`?mode&lastName&zip&radius&state&status&page`), or null before the
 * first one. `status` (operators only, `withAccountFilter`) is left out when it is the default.
 */
export function searchOf(params: URLSearchParams, modes: readonly SearchMode[], withAccountFilter = false): AgentSearch | null {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status');
  const paging = {
    page,
    pageSize: AGENT_PAGE_SIZE,
    ...(withAccountFilter && isAccountFilter(status) && status !== 'active' ? { status } : {}),
    ...(withAccountFilter && params.get('verified') === '1' ? { verifiedOnly: 'true' as const } : {}),
    // Operators' list (the one with the account filter) sorts by score too.
    ...(withAccountFilter && params.get('sort') === 'score' ? { sort: 'score' as const } : {}),
  };
  const mode = modes.find((m) => m === params.get('mode'));
  const zip = params.get('zip') ?? '';
  const state = params.get('state') ?? '';
  const lastName = (params.get('lastName') ?? '').trim();
  switch (mode) {
    case 'all':
      return { mode, ...paging };
    case 'name':
      return lastName ? { mode, lastName, ...paging } : null;
    case 'state':
      return isUsState(state) ? { mode, state, ...paging } : null;
    case 'radius': {
      const radius = SEARCH_RADII_MILES.find((miles) => String(miles) === params.get('radius')) ?? DEFAULT_RADIUS;
      return ZIP_PATTERN.test(zip) ? { mode, zip, radius, ...paging } : null;
    }
    default:
      return null;
  }
}

/** Which agents a search counts: "signing agents", "disabled signing agents"… */
export function agentsCounted(search: AgentSearch, total: number): string {
  const kind = search.status === 'disabled' ? 'disabled ' : search.status === 'pending' ? 'pending ' : '';
  return `${formatCount(total)} ${kind}signing agent${total === 1 ? '' : 's'}`;
}

/** Words for what a search found: "within 50 miles of 90210", "certified in TX", "named Taylor…". */
export function searchedFor(search: AgentSearch): string {
  switch (search.mode) {
    case 'all':
      return 'in all';
    case 'name':
      return `with a last name starting “${search.lastName}”`;
    case 'radius':
      return `within ${search.radius} miles of ${search.zip}`;
    case 'state':
      return `certified in ${search.state}`;
  }
}

type AgentSearchFormProps = {
  modes: readonly SearchMode[];
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  searching: boolean;
  /** Operators: an Account choice (active, disabled, registration pending, all). */
  withAccountFilter?: boolean;
};

/**
 * The agent search (spec 02 §2 "Agent search"; §5: a zip for a radius search, a last name for a
 * name search), kept in the URL so Back and a shared link keep it.
 */
export function AgentSearchForm({ modes, params, update, searching, withAccountFilter = false }: AgentSearchFormProps) {
  const status = params.get('status');
  const form = useForm<Values>({
    initialValues: {
      mode: modes.find((m) => m === params.get('mode')) ?? modes[0]!,
      lastName: params.get('lastName') ?? '',
      zip: params.get('zip') ?? '',
      radius: params.get('radius') ?? String(DEFAULT_RADIUS),
      state: params.get('state') ?? '',
      status: isAccountFilter(status) ? status : 'active',
      verified: params.get('verified') === '1',
    },
    validate: {
      lastName: (value, values) => (values.mode === 'name' && value.trim() === '' ? LAST_NAME_REQUIRED : null),
      zip: (value, values) => (values.mode === 'radius' && !ZIP_PATTERN.test(value.trim()) ? ZIP_MESSAGE : null),
      state: (value, values) => (values.mode === 'state' && !isUsState(value) ? 'Choose a state' : null),
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    const v = form.getValues();
    const none = {
      lastName: null,
      zip: null,
      radius: null,
      state: null,
      page: null,
      status: withAccountFilter && v.status !== 'active' ? v.status : null,
      verified: withAccountFilter && v.verified ? '1' : null,
    };
    if (v.mode === 'all') update({ ...none, mode: 'all' });
    else if (v.mode === 'name') update({ ...none, mode: 'name', lastName: v.lastName.trim() });
    else if (v.mode === 'radius') update({ ...none, mode: 'radius', zip: v.zip.trim(), radius: v.radius });
    else update({ ...none, mode: 'state', state: v.state });
  };
  const mode = form.values.mode;
  return (
    <form noValidate onSubmit={submit} role="search" aria-label="Find signing agents">
      <Group align="flex-start" mb="lg">
        <NativeSelect
          label="Search by"
          data={modes.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
          {...form.getInputProps('mode')}
          w={{ base: '100%', sm: 260 }}
        />
        {mode === 'name' ? <TextInput label="Last name" autoComplete="off" {...form.getInputProps('lastName')} w={220} /> : null}
        {mode === 'radius' ? (
          <>
            <TextInput
              label="Zip code"
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
              {...form.getInputProps('zip')}
              w={120}
            />
            <NativeSelect label="Within" data={RADII} {...form.getInputProps('radius')} w={140} />
          </>
        ) : null}
        {mode === 'state' ? <NativeSelect label="State" data={STATES} {...form.getInputProps('state')} w={140} /> : null}
        {withAccountFilter ? <NativeSelect label="Account" data={ACCOUNT_FILTERS} {...form.getInputProps('status')} w={200} /> : null}
        {withAccountFilter ? <Checkbox label="Verified only" mt={32} {...form.getInputProps('verified', { type: 'checkbox' })} /> : null}
        <Button type="submit" mt={25} loading={searching}>
          Search
        </Button>
      </Group>
    </form>
  );
}
