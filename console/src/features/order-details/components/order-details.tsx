import { Text } from '@mantine/core';

type OrderDetailsProps = {
  appointmentId: string;
};

/** Escrow order details (spec 01 §2). Being built (issue 11). */
export function OrderDetails({ appointmentId }: OrderDetailsProps) {
  return <Text>The details of order {appointmentId} are being built.</Text>;
}
