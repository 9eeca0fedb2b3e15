import { Alert, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { usePendingAgents, useReviewRegistrations } from '../api/pending-agents';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';

type Row = Schemas['PendingRegistration'];
const PAGE_SIZE = 25;

/**
 * Pending Signing Agents (spec 02 §2/§4, admin only): registrations with checkboxes, approved
 * or declined in bulk — each decision behind Confirm Action (Cancel / Confirm). The agents are
 * told by the server; the result is a toast with its message.
 */
export function PendingAgents() {
  const [page, setPage] = useState(1);
  const list = usePendingAgents(page, PAGE_SIZE);
  const review = useReviewRegistrations();
  const [selected, setSelected] = useState<Row[]>([]);

  const decide = (action: 'approve' | 'decline') => {
    const count = selected.length;
    const who = count === 1 ? `${selected[0]!.firstName} ${selected[0]!.lastName}` : `${count} signing agents`;
    modals.openConfirmModal({
      title: 'Confirm Action',
      children: (
        <Text>
          {action === 'approve'
            ? `Approve ${who}? They can then claim signings.`
            : `Decline ${who}? ${count === 1 ? 'Their account is' : 'Their accounts are'} disabled.`}
        </Text>
      ),
      labels: { confirm: 'Confirm', cancel: 'Cancel' },
      confirmProps: action === 'decline' ? { color: 'red.9' } : {},
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => {
        review.mutate(
          { action, userIds: selected.map((row) => row.id) },
          {
            onSuccess: (result) => {
              setSelected([]);
              showToast({ title: action === 'approve' ? 'Approved' : 'Declined', message: result.message });
            },
            onError: (error) => showToast({ title: 'Nothing was changed', message: error.message, tone: 'error' }),
          },
        );
      },
    });
  };

  const rows = list.data?.items ?? [];
  return (
    <div>
      <Group mb="md">
        <Button
          disabled={selected.length === 0}
          loading={review.isPending && review.variables?.action === 'approve'}
          onClick={() => decide('approve')}
        >
          Approve{selected.length ? ` (${selected.length})` : ''}
        </Button>
        <Button
          variant="outline"
          color="red.9"
          disabled={selected.length === 0}
          loading={review.isPending && review.variables?.action === 'decline'}
          onClick={() => decide('decline')}
        >
          Decline{selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Group>
      {list.isError ? (
        <Alert color="red" role="alert" title="The registrations could not be loaded" mb="md">
          {list.error.message}
        </Alert>
      ) : null}
      <DataTable<Row>
        aria-label="Pending signing agents"
        withTableBorder
        striped
        minHeight={rows.length === 0 ? 160 : undefined}
        fetching={list.isFetching}
        records={rows}
        idAccessor="id"
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select every registration on this page' }}
        getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': `Select ${row.firstName} ${row.lastName}` })}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          setSelected([]);
        }}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
        noRecordsText="No registrations are waiting for review."
        columns={[
          { accessor: 'name', title: 'Name', render: (row) => `${row.firstName} ${row.lastName}` },
          { accessor: 'email', title: 'Email' },
          { accessor: 'mobilePhone', title: 'Mobile phone', render: (row) => row.mobilePhone ?? '—' },
          { accessor: 'city', title: 'Location', render: (row) => `${row.city}, ${row.state} ${row.zip}` },
          { accessor: 'certifiedStates', title: 'Certified in', render: (row) => row.certifiedStates.join(', ') || '—' },
          { accessor: 'yearsExperience', title: 'Years', render: (row) => row.yearsExperience ?? '—' },
          { accessor: 'createdAt', title: 'Registered', render: (row) => formatUsDate(row.createdAt.slice(0, 10)) },
        ]}
      />
    </div>
  );
}
