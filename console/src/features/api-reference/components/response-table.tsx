import { Code, Table } from '@mantine/core';
import type { ResponseDoc } from '../utils/operations';
import classes from './field-table.module.css';
import { InlineCodeText } from './inline-code-text';

/** Status, meaning and body of an operation's responses; stacks like FieldTable when narrow. */
export function ResponseTable({ caption, responses }: { caption: string; responses: ResponseDoc[] }) {
  return (
    <Table className={classes.table} verticalSpacing="xs" fz="sm">
      <caption className={classes.caption}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Description</Table.Th>
          <Table.Th scope="col">Body</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {responses.map((response) => (
          <Table.Tr key={response.status}>
            <Table.Td data-label="Status" className={classes.cell}>
              <span className={classes.name}>{response.status}</span>
            </Table.Td>
            <Table.Td data-label="Description" className={classes.cell}>
              <InlineCodeText text={response.description} />
            </Table.Td>
            <Table.Td data-label="Body" className={classes.cell}>
              {response.mediaType ? (
                <span className={classes.notes}>
                  {response.type && (
                    <span>
                      <Code className={classes.type}>{response.type}</Code>
                    </span>
                  )}
                  <span className={classes.mediaType}>{response.mediaType}</span>
                </span>
              ) : (
                'None'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
