import { Alert, Group, Skeleton, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * One part of the agent profile modal that loads on its own (availability, credentials,
 * scorecard): its heading, with an optional figure beside it; a placeholder while it loads; the
 * error if it failed; then its content.
 */
export function ProfilePanel<T>({
  title,
  query,
  aside,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** Shown beside the heading once loaded (the score). */
  aside?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const id = `profile-panel-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {query.data !== undefined && aside ? aside(query.data) : null}
      </Group>
      {query.isPending ? <Skeleton height={80} aria-label={`Loading ${title.toLowerCase()}…`} /> : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {query.error instanceof Error ? query.error.message : String(query.error)}
        </Alert>
      ) : null}
      {query.data !== undefined ? children(query.data) : null}
    </section>
  );
}
