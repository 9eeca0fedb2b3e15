import { Alert, Box, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { notSignedNotice } from '../utils/not-signed-notice';
import classes from './signing-outcome-notice.module.css';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

/**
 * "Signer did not sign" at the top of an order page (issue 33, item 2), for the escrow side and
 * operators alike: the reason, what happened, the reschedule request and the trip fee the order
 * is now paid and charged at. A status, not an alert: it is the order's record, not an error of
 * the page; nothing shows for a signed or an unfinished signing.
 */
export function SigningOutcomeNotice({ order }: { order: Order }) {
  const notice = notSignedNotice(order);
  if (!notice) return null;
  return (
    // Mantine's light red title (red.6) is under AA on its tint: the title in red.9, red.3 when dark.
    <Alert
      color="red"
      role="status"
      title={notice.title}
      styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
    >
      <Box component="dl" className={classes.list}>
        {notice.rows.map((row) => (
          <Fragment key={row.label}>
            <Text component="dt" fw={700} size="sm">
              {row.label}
            </Text>
            <Text component="dd" size="sm" className={classes.value}>
              {row.value}
            </Text>
          </Fragment>
        ))}
      </Box>
    </Alert>
  );
}
