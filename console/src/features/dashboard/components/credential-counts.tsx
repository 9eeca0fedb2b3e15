import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Text, Title, UnstyledButton } from '@mantine/core';
import { CREDENTIAL_REVIEW_LABELS } from '@signingdesk/domain/credentials';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { pageRangeText } from '../../../lib/counted';
import { useUrlParams } from '../../../lib/use-url-params';
import { CREDENTIAL_PAGE_SIZE, useCredentialBucket, useCredentialCounts, type CredentialBucket } from '../api/credential-counts';
import classes from './dashboard.module.css';
import 'mantine-datatable/styles.css';

const isBucket = (value: string | null): value is CredentialBucket => value === 'expiring' || value === 'expired';

/**
 * The Dashboard's agent credentials (issue 31, decision 065): "Expiring in 14 days" and
 * "Expired", each a count that opens its list below (`?credentials=<bucket>` in the URL, so
 * Back and a shared link keep it): the agent, the credential, its number, expiry and review.
 */
export function CredentialCounts() {
  const counts = useCredentialCounts();
  const [params] = useUrlParams();
  const open = params.get('credentials');
  return (
    <section aria-labelledby="credential-counts-title">
      <Title order={2} id="credential-counts-title" mb="sm">
        Agent credentials
      </Title>
      {counts.isPending ? <Skeleton height={88} aria-label="Loading..." /> : null}
      {counts.isError ? (
        <Alert color="red" role="alert">
          {counts.error.message}
        </Alert>
      ) : null}
      {counts.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {counts.data.buckets.map((b) => (
            <UnstyledButton
              key={b.bucket}
              component={Link}
              to={`${paths.admin}?tab=dashboard&credentials=${b.bucket}`}
              className={classes.bucket}
              data-empty={b.count === 0 || undefined}
              aria-current={open === b.bucket || undefined}
              aria-label={`${b.count} — ${b.label}`}
            >
              <Text className={classes.count}>{b.count}</Text>
              <Text size="sm">{b.label}</Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      ) : null}
      {isBucket(open) ? <CredentialList key={open} bucket={open} /> : null}
    </section>
  );
}

function CredentialList({ bucket }: { bucket: CredentialBucket }) {
  const [page, setPage] = useState(1);
  const list = useCredentialBucket(bucket, page);
  const [, update] = useUrlParams();
  const label = list.data?.label ?? (bucket === 'expiring' ? 'Expiring credentials' : 'Expired credentials');
  return (
    <Card withBorder padding="lg" mt="md" aria-labelledby="credential-list-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="credential-list-title">
          {label}
        </Title>
        <Anchor component="button" type="button" fz="sm" onClick={() => update({ credentials: null })}>
          Close the list
        </Anchor>
      </Group>
      {list.isError ? (
        <Alert color="red" role="alert" mb="sm">
          {list.error.message}
        </Alert>
      ) : null}
      <DataTable
        aria-label={label}
        withTableBorder
        striped
        minHeight={list.data?.items.length ? undefined : 120}
        fetching={list.isFetching}
        records={list.data?.items ?? []}
        idAccessor="id"
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={CREDENTIAL_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
        noRecordsText="None."
        columns={[
          {
            accessor: 'agentName',
            title: 'Signing agent',
            render: (c) => (
              <Anchor component={Link} to={`${paths.admin}?tab=signing-agents&agent=${c.agentId}`} fz="sm">
                {c.agentName}
              </Anchor>
            ),
          },
          { accessor: 'agentEmail', title: 'Email' },
          { accessor: 'credential', title: 'Credential' },
          { accessor: 'number', title: 'Number', render: (c) => c.number ?? '—' },
          { accessor: 'expiresOn', title: 'Expires', render: (c) => formatUsDate(c.expiresOn) },
          { accessor: 'review', title: 'Review', render: (c) => CREDENTIAL_REVIEW_LABELS[c.review] },
        ]}
      />
    </Card>
  );
}
