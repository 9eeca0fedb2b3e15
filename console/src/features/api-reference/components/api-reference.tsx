import { Accordion, Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useOpenApiDocument } from '../api/get-openapi-document';
import type { OpenApiDocument } from '../types/openapi';
import { groupByTag, listOperations, matchesFilter, type ApiOperation } from '../utils/operations';
import classes from './api-reference.module.css';
import { MethodBadge } from './method-badge';
import { OperationDetails } from './operation-details';
import { WebhooksGuide } from './webhooks-guide';

/** The operations of the API's OpenAPI document, loaded from the server, grouped by tag; then its webhooks. */
export function ApiReference() {
  const query = useOpenApiDocument();
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) {
    return (
      <Alert color="red" variant="outline" title="The API reference could not be loaded">
        <Text size="sm" mb="sm">
          {query.error.message} Check your connection and try again.
        </Text>
        <Button variant="outline" color="red.9" onClick={() => void query.refetch()} loading={query.isFetching}>
          Retry
        </Button>
      </Alert>
    );
  }
  return <OperationList document={query.data} />;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function tagId(tag: string): string {
  return `api-tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function OperationList({ document }: { document: OpenApiDocument }) {
  const operations = useMemo(() => listOperations(document), [document]);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(() => operations.filter((operation) => matchesFilter(operation, deferredFilter)), [operations, deferredFilter]);
  const groups = useMemo(() => groupByTag(document, visible), [document, visible]);
  const [opened, setOpened] = useState<string[]>([]);

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {document.info.title}, version {document.info.version} (OpenAPI {document.openapi})
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Filter operations"
          description="Matches the path or the summary"
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={{ base: '100%', xs: 360 }}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => setOpened(visible.map((operation) => operation.key))}>
            Expand all
          </Button>
          <Button variant="default" onClick={() => setOpened([])}>
            Collapse all
          </Button>
        </Group>
      </Group>
      <Text role="status" fw={600}>
        Showing {visible.length} of {plural(operations.length, 'operation')}
      </Text>
      {groups.length === 0 && <Text>No operation matches “{filter.trim()}”.</Text>}
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={tagId(group.tag)}>
          <div className={classes.tagHeading}>
            <Title order={2} id={tagId(group.tag)}>
              {group.tag}
            </Title>
            <Text c="dimmed">{plural(group.operations.length, 'operation')}</Text>
          </div>
          {group.description && <Text mt="xs">{group.description}</Text>}
          <Accordion multiple variant="separated" order={3} value={opened} onChange={setOpened} mt="sm">
            {group.operations.map((operation) => (
              <OperationItem key={operation.key} operation={operation} />
            ))}
          </Accordion>
        </section>
      ))}
      <WebhooksGuide document={document} />
    </Stack>
  );
}

function OperationItem({ operation }: { operation: ApiOperation }) {
  return (
    <Accordion.Item value={operation.key}>
      <Accordion.Control>
        <span className={classes.controlLabel}>
          <MethodBadge method={operation.method} />
          <span className={classes.path}>{operation.path}</span>
          {operation.deprecated && (
            <Badge color="gray.7" variant="outline">
              Deprecated
            </Badge>
          )}
          <Text span size="sm" className={classes.summary}>
            {operation.summary}
          </Text>
        </span>
      </Accordion.Control>
      <Accordion.Panel>
        <OperationDetails operation={operation} />
      </Accordion.Panel>
    </Accordion.Item>
  );
}
