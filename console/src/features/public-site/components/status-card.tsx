import { Button, Card, List, Stack, Title } from '@mantine/core';
import type { Schemas } from '../../../lib/api-client';

/** The status card of a public form (spec 01 §2: status, message and details); Close resets the form. */
export function StatusCard({ receipt, onClose }: { receipt: Schemas['FormReceipt']; onClose: () => void }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="status-card-title" maw={640}>
      <Stack gap="sm">
        <Title order={2} id="status-card-title">
          Status
        </Title>
        <List spacing={4}>
          <List.Item>Status: {receipt.status}</List.Item>
          <List.Item>Message: {receipt.message}</List.Item>
          <List.Item>Details: {receipt.details}</List.Item>
        </List>
        <div>
          <Button onClick={onClose}>Close</Button>
        </div>
      </Stack>
    </Card>
  );
}
