import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { ROLE_LABELS, isRole } from '@signingdesk/domain/roles';
import type { Schemas } from '../../../lib/api-client';
import { JOB_STATES, OUTBOX_PAGE_SIZE, useNotificationJobs, type JobState } from '../api/notification-jobs';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { formatEventTime } from '../../../lib/format-date-time';

type Job = Schemas['NotificationJob'];

const CHANNEL_LABELS: Record<string, string> = { push: 'Push', email: 'Email', sms: 'Text message' };
// Failures stand out in red (red.9, AA on white); the rest read in the text colour.
const STATE_COLORS: Record<string, string> = { failed: 'red.9' };
const STATE_OPTIONS = [{ value: '', label: 'All' }, ...JOB_STATES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))];

/** What each channel did for one notification, in words (and a colour). */
function Deliveries({ job }: { job: Job }) {
  if (job.deliveries.length === 0 && job.messages.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        Not tried yet
      </Text>
    );
  return (
    <Stack gap={2}>
      {job.deliveries.map((d) => (
        <Text key={`${d.channel}-${d.createdAt}`} size="sm">
          {CHANNEL_LABELS[d.channel] ?? d.channel}:{' '}
          <Text span fw={700} c={STATE_COLORS[d.state]}>
            {d.state}
          </Text>
          {d.detail ? ` — ${d.detail}` : ''}
        </Text>
      ))}
      {job.messages.map((m) => (
        <Text key={m.id} size="sm">
          {CHANNEL_LABELS[m.channel] ?? m.channel} to {m.toAddress}:{' '}
          <Text span fw={700} c={STATE_COLORS[m.state]}>
            {m.state}
          </Text>
          {m.error ? ` — ${m.error}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The Outbox (issue 12): every notification the product wrote — to whom, of what kind, what
 * push, email and text message each did, and the error when one failed — so an operator sees
 * why an agent was not reached. Newest first, paged on the server, filtered by state.
 */
export function Outbox() {
  const [state, setState] = useState<JobState | null>(null);
  const [page, setPage] = useState(1);
  const jobs = useNotificationJobs(state, page);
  const rows = jobs.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group>
        <NativeSelect
          label="State"
          data={STATE_OPTIONS}
          value={state ?? ''}
          onChange={(e) => {
            setState((e.currentTarget.value || null) as JobState | null);
            setPage(1);
          }}
          w={160}
        />
      </Group>
      {jobs.isError ? (
        <Alert color="red" role="alert">
          {jobs.error.message}
        </Alert>
      ) : null}
      <DataTable<Job>
        aria-label="Notifications"
        withTableBorder
        striped
        minHeight={rows.length ? undefined : 160}
        fetching={jobs.isFetching}
        records={rows}
        idAccessor="id"
        totalRecords={jobs.data?.total ?? 0}
        recordsPerPage={OUTBOX_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
        noRecordsText="No notifications."
        columns={[
          { accessor: 'createdAt', title: 'Written', render: (job) => formatEventTime(job.createdAt) },
          { accessor: 'type', title: 'Notification' },
          {
            accessor: 'recipient',
            title: 'To',
            render: (job) => `${job.recipient.name} (${isRole(job.recipient.role) ? ROLE_LABELS[job.recipient.role] : job.recipient.role})`,
          },
          {
            accessor: 'state',
            title: 'State',
            render: (job) => (
              <Text span size="sm" fw={700} c={STATE_COLORS[job.state]}>
                {job.state}
              </Text>
            ),
          },
          { accessor: 'deliveries', title: 'What each channel did', render: (job) => <Deliveries job={job} /> },
          { accessor: 'lastError', title: 'Error', render: (job) => job.lastError ?? '—' },
        ]}
      />
    </Stack>
  );
}
