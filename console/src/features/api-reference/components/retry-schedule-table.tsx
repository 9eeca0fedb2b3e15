import { Table } from '@mantine/core';
import type { RetryRow } from '../utils/webhooks';
import classes from './field-table.module.css';

/** When each attempt of a failing delivery is sent; stacks like FieldTable when narrow. */
export function RetryScheduleTable({ rows }: { rows: RetryRow[] }) {
  return (
    <Table className={classes.table} verticalSpacing="xs" fz="sm">
      <caption className={classes.caption}>When each attempt of a webhook delivery is sent</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Attempt</Table.Th>
          <Table.Th scope="col">After the attempt before</Table.Th>
          <Table.Th scope="col">After the event</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.attempt}>
            <Table.Td data-label="Attempt" className={classes.cell}>
              {row.attempt}
            </Table.Td>
            <Table.Td data-label="After the attempt before" className={classes.cell}>
              {row.attempt === 1 ? '—' : row.after}
            </Table.Td>
            <Table.Td data-label="After the event" className={classes.cell}>
              {row.sinceEvent}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
