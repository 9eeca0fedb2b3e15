import { Alert, Anchor, Badge, Button, CloseButton, Group, NativeSelect, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { OVERDUE_LABEL } from '@signingdesk/domain/appointment-rules';
import { ATTENTION_LABELS, isAttentionKind } from '@signingdesk/domain/attention';
import { APPOINTMENT_STATUSES, appointmentStatusLabel, type AppointmentStatus } from '@signingdesk/domain/codes';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { DataTable } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AgentContactCard } from '../../../components/agent-contact-card';
import { paths } from '../../../config/paths';
import { useCameFromHere } from '../../../lib/came-from';
import type { Schemas } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/use-url-params';
import { useAssignments, useFirmChoices, type AssignmentFilter } from '../api/list-assignments';
import classes from './assignments.module.css';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { formatEventTime } from '../../../lib/format-date-time';

type Row = Schemas['AssignmentRow'];

const PAGE_SIZE = 25;
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
  const filter: AssignmentFilter = {
    status,
    ...(firmId ? { firmId } : {}),
    ...(attention ? { attention } : {}),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useAssignments(filter);
  const firms = useFirmChoices();
  const [draft, setDraft] = useState({ status: status as string, firmId: firmId ?? '' });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ status: draft.status, firmId: draft.firmId || null, attention: null, page: null });
  };
  const exportQuery = new URLSearchParams({ status, ...(firmId ? { firmId } : {}), ...(attention ? { attention } : {}) });
  const firmOptions = [{ value: '', label: 'All' }, ...(firms.data?.items ?? []).map((firm) => ({ value: firm.id, label: firm.name }))];
  const rows = list.data?.items ?? [];

  return (
    <div>
      <form onSubmit={search} role="search" aria-label="Search assignments">
        <Group align="flex-end" mb="md">
          <NativeSelect
            label="Firm"
            data={firmOptions}
            value={draft.firmId}
            onChange={(e) => setDraft({ ...draft, firmId: e.currentTarget.value })}
            w={{ base: '100%', sm: 280 }}
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
        withTableBorder
        striped
        highlightOnHover
        minHeight={rows.length === 0 ? 180 : undefined}
        fetching={list.isFetching}
        loaderType="dots"
        records={rows}
        idAccessor="id"
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={(next) => update({ page: String(next) })}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, list.data?.totalCapped ?? false)}
        noRecordsText={
          attention
            ? 'Nothing waits here right now.'
            : `No ${appointmentStatusLabel(status)} appointments${firmId ? ' for this firm' : ''}.`
        }
        columns={[
          {
            accessor: 'name',
            title: 'Appointment',
            render: (row) => (
              <Anchor component={Link} to={paths.adminRequest(row.id)} state={cameFrom}>
                {row.name}
              </Anchor>
            ),
          },
          { accessor: 'filesUploaded', title: 'Files', render: (row) => <FilesState row={row} /> },
          {
            accessor: 'agentDownloaded',
            title: 'Agent downloaded',
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
            render: (row) =>
              row.overdue ? (
                <Stack gap={2} align="flex-start">
                  {appointmentStatusLabel(row.status)}
                  <Badge color="red.9" variant="filled" size="sm">
                    {OVERDUE_LABEL}
                  </Badge>
                </Stack>
              ) : (
                appointmentStatusLabel(row.status)
              ),
          },
          {
            accessor: 'agentPaid',
            title: 'Notary paid',
            render: (row) => (row.agentPaid && row.agentPaidAt ? `Paid ${formatEventTime(row.agentPaidAt)}` : '—'),
          },
          {
            accessor: 'agent',
            title: 'Signing agent',
            render: (row) =>
              row.agent ? (
                <AgentContactCard agent={row.agent} />
              ) : (
                <Text span c="dimmed" size="sm">
                  Not assigned
                </Text>
              ),
          },
          { accessor: 'firm', title: 'Firm', render: (row) => row.firm.name },
          { accessor: 'date', title: 'Date', render: (row) => formatUsDate(row.date) },
        ]}
      />
    </div>
  );
}
