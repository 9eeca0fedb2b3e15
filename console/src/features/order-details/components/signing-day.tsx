import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { RECEIPT } from '@signingdesk/domain/signing-day';
import type { Schemas } from '../../../lib/api-client';
import { signingDayView } from '../utils/signing-day-view';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

/**
 * The order's signing day (issue 33, items 3 and 4) on both order pages: the latest confirmation
 * with the signer and the originals' shipment with the carrier's tracking page and the photo of the
 * drop-off receipt, or what is still
 * missing. A signer who asked for another time or could not be reached stands out as a status.
 * It reads the order's own fields, so the live updates that refetch the order update it.
 */
export function SigningDay({
  order,
  nowSeconds,
  onViewReceipt,
}: {
  order: Order;
  nowSeconds?: number;
  /** Opens the photo of the drop-off receipt (api/open-order-file.ts on the order page). */
  onViewReceipt: (fileId: string) => void;
}) {
  const view = signingDayView(order, nowSeconds);
  if (!view) return null;
  const { confirmation, shipment } = view;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="signing-day-title">
      <Title order={2} id="signing-day-title" mb="md">
        Signing day
      </Title>
      <Stack gap="sm">
        {confirmation?.attention ? (
          // Mantine's light red title (red.6) is under AA on its tint: red.9, red.3 when dark, as the outcome notice.
          <Alert
            color="red"
            role="status"
            title={confirmation.line}
            styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
          >
            {confirmation.note ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {confirmation.note}
              </Text>
            ) : null}
          </Alert>
        ) : confirmation ? (
          <div>
            <Text size="sm" fw={700}>
              {confirmation.line}
            </Text>
            {confirmation.note ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {confirmation.note}
              </Text>
            ) : null}
          </div>
        ) : null}
        {view.confirmationMissing ? <Text size="sm">{view.confirmationMissing}</Text> : null}
        {shipment ? (
          <div>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {shipment.line}
            </Text>
            <Group gap="md">
              {shipment.trackingUrl ? (
                <Anchor size="sm" href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  Track on {shipment.carrier}
                </Anchor>
              ) : null}
              {shipment.receiptFileId ? (
                <Anchor size="sm" component="button" type="button" onClick={() => onViewReceipt(shipment.receiptFileId!)}>
                  {RECEIPT.view}
                </Anchor>
              ) : null}
            </Group>
          </div>
        ) : null}
        {view.shipmentMissing ? <Text size="sm">{view.shipmentMissing}</Text> : null}
      </Stack>
    </Card>
  );
}
