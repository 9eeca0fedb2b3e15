import { Code, Stack, Text, Title } from '@mantine/core';
import { isRole, ROLE_LABELS } from '@signingdesk/domain/roles';
import type { Access, ApiOperation, BodyDoc } from '../utils/operations';
import { FieldTable } from './field-table';
import { InlineCodeText } from './inline-code-text';
import { ResponseTable } from './response-table';

export function accessLabel(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Public';
    case 'signed-in':
      return 'Any signed-in user';
    case 'roles':
      return access.roles.map((role) => (isRole(role) ? ROLE_LABELS[role] : role)).join(', ');
    case 'unknown':
      return 'See the description';
  }
}

function BodyFields({ body, caption }: { body: BodyDoc; caption: string }) {
  if (body.variants.length > 0) {
    return (
      <Text size="sm">
        One of:{' '}
        {body.variants.map((variant, index) => (
          <span key={variant}>
            {index > 0 && ', '}
            <Code>{variant}</Code>
          </span>
        ))}
        {body.discriminator && (
          <>
            {' '}
            — told apart by the <Code>{body.discriminator}</Code> field
          </>
        )}
        .
      </Text>
    );
  }
  if (body.rows.length === 0) return <Text size="sm">No fields: an empty JSON object.</Text>;
  return <FieldTable caption={caption} rows={body.rows} />;
}

/** The schema name of a body; a oneOf is spelled out below it instead. */
function body(doc: BodyDoc) {
  return doc.variants.length > 0 ? 'One of several shapes' : <Code>{doc.type}</Code>;
}

/** Everything a caller needs to know about one operation (the panel of its accordion item). */
export function OperationDetails({ operation }: { operation: ApiOperation }) {
  const { requestBody, successBody } = operation;
  return (
    <Stack gap="md">
      <Text>
        <Text span fw={700}>
          Access:
        </Text>{' '}
        {accessLabel(operation.access)}
      </Text>
      {operation.description && (
        <Text>
          <InlineCodeText text={operation.description} />
        </Text>
      )}
      {operation.acceptsIdempotencyKey && (
        <Text size="sm">
          Accepts an <Code>Idempotency-Key</Code> header for safe retries.
        </Text>
      )}

      {operation.parameters.length > 0 && (
        <section>
          <Title order={4} mb="xs">
            Parameters
          </Title>
          <FieldTable
            caption={`Parameters of ${operation.method.toUpperCase()} ${operation.path}`}
            rows={operation.parameters}
            withLocation
          />
        </section>
      )}

      {requestBody && (
        <section>
          <Title order={4} mb="xs">
            Request body
          </Title>
          <Text size="sm" mb="xs">
            {body(requestBody)} as {requestBody.mediaType}, {requestBody.required ? 'required' : 'optional'}
          </Text>
          <BodyFields body={requestBody} caption={`Request body fields of ${operation.method.toUpperCase()} ${operation.path}`} />
        </section>
      )}

      {operation.responses.length > 0 && (
        <section>
          <Title order={4} mb="xs">
            Responses
          </Title>
          <ResponseTable caption={`Responses of ${operation.method.toUpperCase()} ${operation.path}`} responses={operation.responses} />
        </section>
      )}

      {successBody && (
        <section>
          <Title order={4} mb="xs">
            Response body
          </Title>
          <Text size="sm" mb="xs">
            {successBody.variants.length > 0 ? (
              <>
                With status {successBody.status}, as {successBody.mediaType}:
              </>
            ) : (
              <>
                <Code>{successBody.type}</Code> as {successBody.mediaType}, with status {successBody.status}
              </>
            )}
          </Text>
          <BodyFields body={successBody} caption={`Response body fields of ${operation.method.toUpperCase()} ${operation.path}`} />
        </section>
      )}

      {operation.errors.length > 0 && (
        <section>
          <Title order={4} mb="xs">
            Errors
          </Title>
          <ResponseTable caption={`Errors of ${operation.method.toUpperCase()} ${operation.path}`} responses={operation.errors} />
        </section>
      )}
    </Stack>
  );
}
