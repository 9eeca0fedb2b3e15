import { Badge, Box, Code, Group, Stack, Text } from '@mantine/core';
import { webhookAttemptRow, type WebhookDelivery } from '../utils/webhook-delivery-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';

/**
 * A delivery opened in the log: its webhook-id (the same on every attempt, what the receiver
 * deduplicates by), then every attempt, newest first — when, the answer's status or what went
 * wrong, how long it took, whether it was a resend, and the start of what the endpoint answered.
 */
export function DeliveryAttempts({ delivery, timeZone }: { delivery: WebhookDelivery; timeZone?: string }) {
  return (
    <Stack gap="sm" p="sm">
      <Text size="sm">
        webhook-id:{' '}
        <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {delivery.eventId}
        </Text>
      </Text>
      {delivery.log.length === 0 ? (
        <Text size="sm">{WEBHOOK_TEXTS.noAttempts}</Text>
      ) : (
        <Box component="ol" aria-label="Attempts" m={0} p={0} style={{ listStyle: 'none' }}>
          <Stack gap="md">
            {delivery.log.map((attempt) => {
              const row = webhookAttemptRow(attempt, timeZone);
              return (
                <Box component="li" key={attempt.attempt}>
                  <Group gap="xs" wrap="wrap" mb={4}>
                    <Text size="sm" fw={600}>
                      {row.title}
                    </Text>
                    <Text size="sm">{row.at}</Text>
                    <Text size="sm" fw={600} c={row.ok ? undefined : 'var(--mantine-color-error)'}>
                      {row.status ?? 'No answer'}
                    </Text>
                    <Text size="sm">{row.duration}</Text>
                    {row.resent ? (
                      <Badge variant="default" radius="sm" tt="none" fw={500}>
                        resent
                      </Badge>
                    ) : null}
                  </Group>
                  {row.error ? <Text size="sm">{row.error}</Text> : null}
                  {row.excerpt ? (
                    <Code block mt={4} ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {row.excerpt}
                    </Code>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No response body.
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
