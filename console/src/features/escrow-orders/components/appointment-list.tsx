import { Alert, Anchor, Button, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { AgentContactCard } from '../../../components/agent-contact-card';
import { InvoiceLink } from '../../../components/invoice-link';
import { paths } from '../../../config/paths';
import { useCameFromHere } from '../../../lib/came-from';
import type { Schemas } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/use-url-params';
import type { EscrowListFilter } from '../api/escrow-order-keys';
import { escrowExportUrl, useEscrowList } from '../api/list-escrow-appointments';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';

type Row = Schemas['EscrowRow'];
type Sort = EscrowListFilter['sort'];

const SORTS: readonly Sort[] = ['date', 'fileNumber', 'signerName', 'escrowOfficer', 'status', 'agent'];
const PAGE_SIZE = 25;

type AppointmentListProps = {
  view: 'in-process' | 'completed';
};

/**
 * In Process / Completed Appointments (spec 01 §2): the orders the server lets this officer
 * see (their own, or the firm's for an org admin), paged, sorted and searched on the server.
 * The filter lives in the URL, so Back, reload and a shared link keep it.
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
  const filter: EscrowListFilter = { view, q, sort, order, page, pageSize: PAGE_SIZE };
  const list = useEscrowList(filter);
  const [search, setSearch] = useState(q);

  const applySearch = useDebouncedCallback((value: string) => update({ q: value.trim(), page: null }), 300);

  const what = view === 'completed' ? 'completed' : 'in-process';
  const rows = list.data?.items ?? [];

  return (
    <div>
      <Group justify="space-between" align="flex-end" mb="md">
        <TextInput
          label="Search"
          description="File number or signer name"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        {view === 'completed' ? (
          <Button component="a" href={escrowExportUrl(filter)} download variant="default">
            Export CSV
          </Button>
        ) : null}
      </Group>
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
        noRecordsText={
          q ? `No ${what} appointments match “${q}”.` : `No appointments ${view === 'completed' ? 'completed yet' : 'in process'}.`
        }
        columns={[
          {
            accessor: 'filesAttachedCount',
            title: <VisuallyHidden>Attachments</VisuallyHidden>,
            width: 56,
            render: (row) =>
              row.filesAttachedCount > 0 ? (
                <Text span size="sm">
                  <span aria-hidden="true">📎</span> {row.filesAttachedCount}
                  <VisuallyHidden>{row.filesAttachedCount === 1 ? ' file attached' : ' files attached'}</VisuallyHidden>
                </Text>
              ) : null,
          },
          {
            accessor: 'date',
            title: 'Date',
            sortable: true,
            render: (row) => (
              <Anchor component={Link} to={paths.originatorOrder(row.id)} state={cameFrom}>
                {formatUsDate(row.date)}
              </Anchor>
            ),
          },
          { accessor: 'time', title: 'Time', render: (row) => (row.timeTbd ? 'TBD' : `${formatTime(row.time)} ${row.timeZone}`) },
          { accessor: 'fileNumber', title: 'File Number', sortable: true, render: (row) => row.fileNumber ?? '—' },
          { accessor: 'escrowOfficer', title: 'Escrow Officer', sortable: true },
          { accessor: 'signerName', title: 'Signer Name', sortable: true, render: (row) => row.signerName ?? '—' },
          { accessor: 'status', title: 'Status', sortable: true, render: (row) => appointmentStatusLabel(row.status) },
          {
            accessor: 'agent',
            title: 'Assigned Signing Agent',
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
            accessor: 'unreadMessages',
            title: <VisuallyHidden>Unread messages</VisuallyHidden>,
            width: 56,
            render: (row) =>
              row.unreadMessages > 0 ? (
                <Text span size="sm" fw={700}>
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
