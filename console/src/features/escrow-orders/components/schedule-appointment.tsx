import { Text } from '@mantine/core';

/** Schedule New Appointment (spec 01 §2): the Create New Event form. Being built (issue 11). */
export function ScheduleAppointment() {
  return <Text>The form for ordering a new signing appointment is being built.</Text>;
}
