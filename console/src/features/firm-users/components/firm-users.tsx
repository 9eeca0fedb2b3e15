import { Text } from '@mantine/core';

/** creator_admin: Create New User and the firm's users (spec 02 §6). Being built (issue 11). */
export function FirmUsers() {
  return <Text>Your firm’s users are being built.</Text>;
}
