import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { OVERDUE_LABEL } from '@signingdesk/domain/appointment-rules';
import { ATTENTION_LABELS, isAttentionKind } from '@signingdesk/domain/attention';
import { APPOINTMENT_STATUSES, appointmentStatusLabel, type AppointmentStatus } from '@signingdesk/domain/codes';
import { formatCents } from '@signingdesk/domain/money';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AgentContactCard } from '../../../components/agent-contact-card';
import { paths } from '../../../config/paths';
import { useCameFromHere } from '../../../lib/came-from';
import { useUrlParams } from '../../../lib/use-url-params';
import { selectedExportUrl, useBulkAction, type BulkAction } from '../api/bulk-actions';
import {
  useAssignments,
  useFirmChoices,
  type AssignmentFilter,
  type AssignmentRow as Row,
  type AssignmentSort,
} from '../api/list-assignments';
import classes from './assignments.module.css';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { formatEventTime, formatSigningTime } from '../../../lib/format-date-time';

const PAGE_SIZES = [25, 50, 100];
const SORTS: readonly AssignmentSort[] = ['startsAt', 'name', 'fileNumber', 'status', 'agent', 'firm', 'agentFee'];
const CLOSED: readonly AppointmentStatus[] = ['Completed', 'Canceled'];
const STATUS_OPTIONS = APPOINTMENT_STATUSES.map((status) => ({ value: status, label: appointmentStatusLabel(status) }));
const isStatus = (value: string | null): value is AppointmentStatus => (APPOINTMENT_STATUSES as readonly string[]).includes(value ?? '');

/**
 * spec 02 §4: red — no file attached; yellow — files attached, not marked complete; green —
 * marked complete. Said in words too, never by colour alone.
 */
function FilesState({ row }: { row: Row }) {
  const [tone, words] = row.filesUploaded
    ? (['green', 'Files complete'] as const)
    : row.filesAttachedCount > 0
      ? (['yellow', `${row.filesAttachedCount} attached`] as const)
      : (['red', 'No files'] as const);
  return (
    <span className={classes.state}>
      <span className={classes.dot} data-tone={tone} aria-hidden="true" />
      {words}
    </span>
  );
}

/**
 * The signing's date, then its time and zone ('at 2:30 PM CT', ', time TBD (PT)'): two
 * unbreakable parts, on two lines where the column is narrow, never broken inside a time.
 */
function SigningTime({ row }: { row: Row }) {
  const text = formatSigningTime(row);
  const cut = text.indexOf(' ');
  if (cut < 0) return <span className={classes.nowrap}>{text}</span>;
  return (
    <>
      <span className={classes.nowrap}>{text.slice(0, cut)}</span> <span className={classes.nowrap}>{text.slice(cut + 1)}</span>
    </>
  );
}

/**
 * Assignments (spec 02 §2), the operators' default tab: appointments of a status (Open by
 * default) for all firms or one, with the files, download, message and payment state of each
 * at a glance; paged on the server; the filter in the URL. The name opens the request, the
 * agent their contact card. A Dashboard count opens it filtered to its bucket (`?attention=`);
 * Export CSV streams every row of the current search.
 */
export function Assignments() {
  const [params, update] = useUrlParams();
  const cameFrom = useCameFromHere();
  const statusParam = params.get('status');
  const status: AppointmentStatus = isStatus(statusParam) ? statusParam : 'Open';
  const firmId = params.get('firmId') ?? undefined;
  const attentionParam = params.get('attention');
  const attention = isAttentionKind(attentionParam) ? attentionParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.find((size) => String(size) === params.get('pageSize')) ?? PAGE_SIZES[0]!;
  const q = params.get('q') ?? '';
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'startsAt';
  const orderParam = params.get('order');
  // Closed orders read newest first, the rest soonest first: the server's default, shown here.
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : !attention && CLOSED.includes(status) ? 'desc' : 'asc';
  const filter: AssignmentFilter = {
    status,
    ...(firmId ? { firmId } : {}),
    ...(attention ? { attention } : {}),
    ...(q ? { q } : {}),
    sort,
    order,
    page,
    pageSize,
  };
  const list = useAssignments(filter);
  const firms = useFirmChoices();
  const bulk = useBulkAction();
  const [draft, setDraft] = useState({ status: status as string, firmId: firmId ?? '' });
  const [term, setTerm] = useState(q);
  const [selected, setSelected] = useState<Row[]>([]);
  const applyTerm = useDebouncedCallback((value: string) => {
    setSelected([]);
    update({ q: value.trim(), page: null });
  }, 300);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSelected([]);
    update({ status: draft.status, firmId: draft.firmId || null, q: term.trim(), attention: null, page: null });
  };
  const runBulk = (action: BulkAction) => bulk.mutate({ action, ids: selected.map((row) => row.id) }, { onSuccess: () => setSelected([]) });
  const exportQuery = new URLSearchParams({
    status,
    sort,
    order,
    ...(firmId ? { firmId } : {}),
    ...(attention ? { attention } : {}),
    ...(q ? { q } : {}),
  });
  const firmOptions = [{ value: '', label: 'All' }, ...(firms.data?.items ?? []).map((firm) => ({ value: firm.id, label: firm.name }))];
  const rows = list.data?.items ?? [];
  const ids = selected.map((row) => row.id);

  return (
    <div>
      <form onSubmit={search} role="search" aria-label="Search assignments">
        <Group align="flex-end" mb="md">
          <TextInput
            label="Search"
            description="File number, signer, signing agent or city"
            type="search"
            value={term}
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              applyTerm(event.currentTarget.value);
            }}
            w={{ base: '100%', sm: 300 }}
          />
          <NativeSelect
            label="Firm"
            data={firmOptions}
            value={draft.firmId}
            onChange={(e) => setDraft({ ...draft, firmId: e.currentTarget.value })}
            w={{ base: '100%', sm: 260 }}
          />
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value })}
            w={160}
          />
          <Button type="submit" loading={list.isFetching}>
            Search
          </Button>
          <Button component="a" variant="default" href={`${paths.assignmentsExport}?${exportQuery.toString()}`} download>
            Export CSV
          </Button>
        </Group>
      </form>
      {attention ? (
        <Paper withBorder p="xs" mb="md" role="status">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              Showing: <strong>{ATTENTION_LABELS[attention]}</strong> (any status)
            </Text>
            <CloseButton aria-label="Clear the dashboard filter" onClick={() => update({ attention: null, page: null })} />
          </Group>
        </Paper>
      ) : null}
      <Group mb="sm" gap="xs" role="group" aria-label="Actions on the selected assignments">
        <Text size="sm" fw={600} mr="xs">
          {selected.length === 0 ? 'Select rows for bulk actions' : `${selected.length} selected`}
        </Text>
        <Button
          size="xs"
          disabled={selected.length === 0}
          loading={bulk.isPending && bulk.variables?.action === 'mark-paid'}
          onClick={() => runBulk('mark-paid')}
        >
          Mark paid
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={selected.length === 0}
          loading={bulk.isPending && bulk.variables?.action === 'invoices'}
          onClick={() => runBulk('invoices')}
        >
          Send invoices
        </Button>
        {selected.length > 0 ? (
          <Button size="xs" variant="default" component="a" href={selectedExportUrl(ids)} download>
            Export selected
          </Button>
        ) : (
          <Button size="xs" variant="default" disabled>
            Export selected
          </Button>
        )}
      </Group>
      {bulk.isSuccess ? (
        <Alert
          color={bulk.data.refused.length > 0 ? 'yellow' : 'green'}
          role="status"
          mb="md"
          withCloseButton
          onClose={() => bulk.reset()}
          closeButtonLabel="Dismiss"
        >
          {bulk.data.message}
        </Alert>
      ) : null}
      {bulk.isError ? (
        <Alert color="red" role="alert" mb="md" withCloseButton onClose={() => bulk.reset()} closeButtonLabel="Dismiss">
          {bulk.error.message}
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert" title="The assignments could not be loaded" mb="md">
          <Text mb="xs">{list.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <DataTable<Row>
        aria-label="Assignments"
        className={classes.table}
        // Twelve columns within 1280 px: narrower gaps than Mantine's 10 px (issue 30).
        horizontalSpacing={8}
        withTableBorder
        striped
        highlightOnHover
        minHeight={rows.length === 0 ? 180 : undefined}
        fetching={list.isFetching}
        loaderType="dots"
        records={rows}
        idAccessor="id"
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select every assignment on this page' }}
        getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': `Select ${row.fileNumber ?? row.name}` })}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={PAGE_SIZES}
        recordsPerPageLabel="Rows per page"
        onRecordsPerPageChange={(size) => {
          setSelected([]);
          update({ pageSize: size === PAGE_SIZES[0] ? null : String(size), page: null });
        }}
        page={page}
        onPageChange={(next) => {
          setSelected([]);
          update({ page: String(next) });
        }}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, list.data?.totalCapped ?? false)}
        sortStatus={{ columnAccessor: sort, direction: order } as DataTableSortStatus<Row>}
        onSortStatusChange={(next) => {
          setSelected([]);
          update({ sort: String(next.columnAccessor), order: next.direction, page: null });
        }}
        // An error says so above; the empty-state text would contradict it.
        emptyState={list.isError ? <span /> : undefined}
        noRecordsText={
          q
            ? `No assignments match “${q}”.`
            : attention
              ? 'Nothing waits here right now.'
              : `No ${appointmentStatusLabel(status)} appointments${firmId ? ' for this firm' : ''}.`
        }
        columns={[
          {
            accessor: 'name',
            title: 'Appointment',
            sortable: true,
            render: (row) => (
              <Anchor component={Link} to={paths.adminRequest(row.id)} state={cameFrom}>
                {row.name}
              </Anchor>
            ),
          },
          { accessor: 'fileNumber', title: 'File number', sortable: true, render: (row) => row.fileNumber ?? '—' },
          {
            accessor: 'startsAt',
            title: 'Signing time and place',
            sortable: true,
            render: (row) => (
              <>
                <SigningTime row={row} />
                <Text size="sm" c="dimmed">
                  {row.city}, {row.state}
                </Text>
              </>
            ),
          },
          { accessor: 'filesUploaded', title: 'Files', render: (row) => <FilesState row={row} /> },
          {
            accessor: 'agentDownloaded',
            title: 'Downloaded',
            render: (row) =>
              row.agentDownloaded ? (
                'Downloaded'
              ) : (
                <Text span c="dimmed" size="sm">
                  Not yet
                </Text>
              ),
          },
          {
            accessor: 'unreadMessages',
            title: 'Unread',
            render: (row) =>
              row.unreadMessages > 0 ? (
                <Text span size="sm" fw={700}>
                  <span aria-hidden="true">✉</span> {row.unreadMessages}
                  <VisuallyHidden>{row.unreadMessages === 1 ? ' unread message' : ' unread messages'}</VisuallyHidden>
                </Text>
              ) : null,
          },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            render: (row) =>
              row.overdue ? (
                <Stack gap={2} align="flex-start">
                  {appointmentStatusLabel(row.status)}
                  {/* Wrapped on its words in a narrow column, never cut to "OVERD…". */}
                  <Badge
                    color="red.9"
                    variant="filled"
                    size="sm"
                    radius="sm"
                    classNames={{ root: classes.wrappingBadge, label: classes.wrappingBadgeLabel }}
                  >
                    {OVERDUE_LABEL}
                  </Badge>
                </Stack>
              ) : (
                appointmentStatusLabel(row.status)
              ),
          },
          { accessor: 'agentFee', title: 'Agent pay', sortable: true, textAlign: 'right', render: (row) => formatCents(row.agentFeeCents) },
          {
            accessor: 'agentPaid',
            title: 'Notary paid',
            render: (row) =>
              row.agentPaid && row.agentPaidAt ? (
                <span title={formatEventTime(row.agentPaidAt)}>
                  Paid <span className={classes.nowrap}>{formatUsDate(row.agentPaidAt.slice(0, 10))}</span>
                </span>
              ) : (
                '—'
              ),
          },
          {
            accessor: 'agent',
            title: 'Signing agent',
            sortable: true,
            render: (row) =>
              row.agent ? (
                <AgentContactCard agent={row.agent} />
              ) : (
                <Text span c="dimmed" size="sm">
                  Not assigned
                </Text>
              ),
          },
          { accessor: 'firm', title: 'Firm', sortable: true, render: (row) => row.firm.name },
        ]}
      />
    </div>
  );
}
