import { Code, Table, Text } from '@mantine/core';
import type { FieldRow, ParameterRow } from '../utils/schema-rows';
import classes from './field-table.module.css';
import { InlineCodeText } from './inline-code-text';

type FieldTableProps = {
  /** What the table lists, for screen readers (e.g. "Request body fields"). */
  caption: string;
  rows: (FieldRow | ParameterRow)[];
  /** Parameters also say where they go (path, query, header). */
  withLocation?: boolean;
};

function isParameter(row: FieldRow | ParameterRow): row is ParameterRow {
  return 'location' in row;
}

/**
 * Fields of a body or the parameters of an operation. On a narrow screen every row becomes a
 * small card with labelled cells (see the module CSS), so nothing scrolls sideways.
 */
export function FieldTable({ caption, rows, withLocation = false }: FieldTableProps) {
  return (
    <Table className={classes.table} verticalSpacing="xs" fz="sm">
      <caption className={classes.caption}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          {withLocation && <Table.Th scope="col">In</Table.Th>}
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Required</Table.Th>
          <Table.Th scope="col">Description</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${isParameter(row) ? row.location : ''}:${row.name}`}>
            <Table.Td data-label="Name" className={classes.cell}>
              <span className={classes.name} data-depth={row.depth}>
                {row.name}
              </span>
            </Table.Td>
            {withLocation && (
              <Table.Td data-label="In" className={classes.cell}>
                {isParameter(row) ? row.location : ''}
              </Table.Td>
            )}
            <Table.Td data-label="Type" className={`${classes.cell} ${classes.typeCell}`}>
              <span className={classes.type}>{row.type}</span>
            </Table.Td>
            <Table.Td data-label="Required" className={classes.cell}>
              {row.required ? 'Yes' : 'No'}
            </Table.Td>
            <Table.Td data-label="Description" className={classes.cell}>
              <FieldNotes row={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function FieldNotes({ row }: { row: FieldRow }) {
  return (
    <div className={classes.notes}>
      {row.description && (
        <Text size="sm">
          <InlineCodeText text={row.description} />
        </Text>
      )}
      {row.enumValues && (
        <Text size="sm">
          One of:{' '}
          {row.enumValues.map((value, index) => (
            <span key={value}>
              {index > 0 && ', '}
              <Code>{value}</Code>
            </span>
          ))}
        </Text>
      )}
      {row.defaultValue !== undefined && (
        <Text size="sm">
          Default: <Code>{row.defaultValue}</Code>
        </Text>
      )}
      {row.example !== undefined && (
        <Text size="sm">
          Example: <Code>{row.example}</Code>
        </Text>
      )}
      {row.constraints.length > 0 && (
        <Text size="sm" c="dimmed" className={classes.constraints}>
          {row.constraints.join('; ')}
        </Text>
      )}
    </div>
  );
}
