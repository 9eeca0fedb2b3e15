import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '../../../lib/api-client';

/**
 * The status card of a public form (spec 01 §2: status, message and details), read as sentences:
 * the message is its heading, the details follow. A receipt is always a success (a refusal stays
 * on the form), so the status is not spelled out. Close resets the form.
 */
export function StatusCard({ receipt, onClose }: { receipt: Schemas['FormReceipt']; onClose: () => void }) {
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="status-card-title"
      maw={640}
      style={{ borderLeft: '4px solid var(--mantine-color-green-7)' }}
    >
      <Stack gap="sm">
        <Title order={2} id="status-card-title">
          {receipt.message}
        </Title>
        <Text>{receipt.details}</Text>
        <div>
          <Button onClick={onClose}>Close</Button>
        </div>
      </Stack>
    </Card>
  );
}
