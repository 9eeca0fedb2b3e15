import { Alert, Anchor, Button, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { CLOSED_STATUSES, IN_PROCESS_STATUSES } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { AgentContactCard } from '../../../components/agent-contact-card';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { formatSigningTime } from '../../../lib/format-date-time';
import { InvoiceLink } from '../../../components/invoice-link';
import { paths } from '../../../config/paths';
import { useCameFromHere } from '../../../lib/came-from';
import type { Schemas } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/use-url-params';
import type { EscrowListFilter } from '../api/escrow-order-keys';
import { escrowExportUrl, useEscrowList } from '../api/list-escrow-appointments';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { NeedsAction } from './needs-action';
import { StatusFilter } from './status-filter';

type Row = Schemas['EscrowRow'];
type Sort = EscrowListFilter['sort'];

const SORTS: readonly Sort[] = ['date', 'fileNumber', 'signerName', 'escrowOfficer', 'status', 'agent'];
const PAGE_SIZE = 25;
/** Columns that give way on a narrower screen (an iPad at 768 px keeps status and agent). */
const WIDE_ONLY = '(min-width: 75em)';
const NARROW_ONLY = '(max-width: 74.99em)';

type AppointmentListProps = {
  view: 'in-process' | 'completed';
};

/**
 * In Process / Completed Appointments (spec 01 §2): the orders the server lets this officer
 * see (their own, or the firm's for an org admin), paged, sorted and searched on the server.
 * The filter lives in the URL, so Back, reload and a shared link keep it. In Process opens with
 * what needs the officer's action now, if anything does (issue 33, item 6).
 */
export function AppointmentList({ view }: AppointmentListProps) {
  const [params, update] = useUrlParams();
  const cameFrom = useCameFromHere();
  const sortParam = params.get('sort');
  const sort: Sort = SORTS.find((s) => s === sortParam) ?? 'date';
  const order =
    params.get('order') === 'asc' || params.get('order') === 'desc'
      ? (params.get('order') as 'asc' | 'desc')
      : view === 'completed'
        ? 'desc'
        : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  // The tabs share the URL, so a status of the other tab's view is ignored, not sent.
  const statuses = view === 'completed' ? CLOSED_STATUSES : IN_PROCESS_STATUSES;
  const status = statuses.find((s) => s === params.get('status'));
  const filter: EscrowListFilter = { view, q, status, sort, order, page, pageSize: PAGE_SIZE };
  const list = useEscrowList(filter);
  const [search, setSearch] = useState(q);

  const applySearch = useDebouncedCallback((value: string) => update({ q: value.trim(), page: null }), 300);

  const what = view === 'completed' ? 'completed' : 'in-process';
  const rows = list.data?.items ?? [];

  return (
    <div>
      {view === 'in-process' ? <NeedsAction /> : null}
      <Group justify="space-between" align="flex-end" mb="md">
        <TextInput
          label="Search"
          description="File number, signer, appointment name, street or agent"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 400 }}
        />
        {view === 'completed' ? (
          <Button component="a" href={escrowExportUrl(filter)} download variant="default">
            Export CSV
          </Button>
        ) : null}
      </Group>
      <StatusFilter
        statuses={statuses}
        value={status}
        counts={list.data?.statusCounts}
        onChange={(next) => update({ status: next ?? null, page: null })}
      />
      {list.isError ? (
        <Alert color="red" role="alert" title="The appointments could not be loaded" mb="md">
          <Text mb="xs">{list.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <DataTable<Row>
        aria-label={`${what === 'completed' ? 'Completed' : 'In process'} appointments`}
        withTableBorder
        borderRadius="md"
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
        sortStatus={{ columnAccessor: sort, direction: order } as DataTableSortStatus<Row>}
        onSortStatusChange={(status) => update({ sort: String(status.columnAccessor), order: status.direction, page: null })}
        noRecordsText={noRecordsText(view, q, status)}
        columns={[
          {
            accessor: 'date',
            title: 'Signing Time',
            sortable: true,
            // One cell, at most two lines: the date, then the time and zone where it must wrap.
            width: 130,
            render: (row) => (
              <Anchor component={Link} to={paths.originatorOrder(row.id)} state={cameFrom} fz="sm">
                {formatSigningTime(row)}
              </Anchor>
            ),
          },
          {
            accessor: 'fileNumber',
            title: 'File Number',
            sortable: true,
            visibleMediaQuery: WIDE_ONLY,
            cellsStyle: () => ({ whiteSpace: 'nowrap' }),
            render: (row) => row.fileNumber ?? '—',
          },
          // Narrower (an iPad): file number and signer share a cell, so status and agent stay in view.
          {
            accessor: 'fileAndSigner',
            title: 'File Number / Signer',
            visibleMediaQuery: NARROW_ONLY,
            render: (row) => (
              <>
                <Text size="sm">{row.fileNumber ?? '—'}</Text>
                <Text size="sm" c="dimmed">
                  {row.signerName ?? '—'}
                </Text>
              </>
            ),
          },
          { accessor: 'escrowOfficer', title: 'Escrow Officer', sortable: true, visibleMediaQuery: WIDE_ONLY },
          {
            accessor: 'signerName',
            title: 'Signer Name',
            sortable: true,
            visibleMediaQuery: WIDE_ONLY,
            render: (row) => row.signerName ?? '—',
          },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            render: (row) => <AppointmentStatusBadge status={row.status} />,
          },
          {
            accessor: 'agent',
            // The long title may take two lines, so the column is as wide as an agent's name.
            title: <span style={{ whiteSpace: 'normal' }}>Assigned Signing Agent</span>,
            sortable: true,
            render: (row) =>
              row.assignedAgent ? (
                <AgentContactCard agent={row.assignedAgent} />
              ) : (
                <Text span c="dimmed" size="sm">
                  Not assigned
                </Text>
              ),
          },
          ...(view === 'completed'
            ? [
                {
                  accessor: 'invoice',
                  title: 'Invoice',
                  visibleMediaQuery: WIDE_ONLY,
                  cellsStyle: () => ({ whiteSpace: 'nowrap' as const }),
                  render: (row: Row) =>
                    row.invoice ? (
                      <InvoiceLink
                        appointmentId={row.id}
                        fileId={row.invoice.fileId}
                        label={`Open invoice ${row.invoice.number}${row.fileNumber ? ` for file ${row.fileNumber}` : ''}`}
                      >
                        {`Invoice ${row.invoice.number}`}
                      </InvoiceLink>
                    ) : (
                      <Text span c="dimmed" size="sm">
                        Not invoiced
                      </Text>
                    ),
                },
              ]
            : []),
          {
            accessor: 'filesAttachedCount',
            title: 'Files',
            visibleMediaQuery: WIDE_ONLY,
            render: (row) =>
              row.filesAttachedCount > 0 ? (
                <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <span aria-hidden="true">📎</span> {row.filesAttachedCount}
                  <VisuallyHidden>{row.filesAttachedCount === 1 ? ' file attached' : ' files attached'}</VisuallyHidden>
                </Text>
              ) : null,
          },
          {
            accessor: 'unreadMessages',
            title: 'Unread',
            render: (row) =>
              row.unreadMessages > 0 ? (
                <Text span size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  <span aria-hidden="true">✉</span> {row.unreadMessages}
                  <VisuallyHidden>{row.unreadMessages === 1 ? ' unread message' : ' unread messages'}</VisuallyHidden>
                </Text>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

function noRecordsText(view: AppointmentListProps['view'], q: string, status: EscrowListFilter['status']): string {
  const what = status ? appointmentStatusLabel(status).toLowerCase() : view === 'completed' ? 'completed or canceled' : 'in-process';
  if (q) return `No ${what} appointments match “${q}”.`;
  if (status) return `No ${what} appointments.`;
  return view === 'completed' ? 'No appointments completed or canceled yet.' : 'No appointments in process.';
}
