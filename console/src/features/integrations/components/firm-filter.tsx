import { Alert, Group, NativeSelect } from '@mantine/core';
import { useFirmChoices } from '../../../lib/firm-choices';

/**
 * The operators' firm choice above a list of every firm's keys or webhooks: "All firms" or one
 * firm (null: all), and what went wrong if the firms could not be loaded.
 */
export function FirmFilter({ firmId, onChange }: { firmId: string | null; onChange: (firmId: string | null) => void }) {
  const firms = useFirmChoices();
  const options = [{ value: '', label: 'All firms' }, ...(firms.data?.items ?? []).map((firm) => ({ value: firm.id, label: firm.name }))];
  return (
    <>
      <Group>
        <NativeSelect
          label="Firm"
          data={options}
          value={firmId ?? ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {firms.isError ? (
        <Alert color="red" role="alert">
          The firms could not be loaded: {firms.error.message}
        </Alert>
      ) : null}
    </>
  );
}
