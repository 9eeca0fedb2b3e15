import { Anchor, Code, Stack, Text } from '@mantine/core';
import { paths } from '../../../config/paths';
import classes from './api-reference.module.css';
import { WEBHOOKS_ID } from './webhooks-guide';

/** What every caller needs before the operations: transport, session or API key, webhooks, errors, safe retries. */
export function ApiIntro() {
  return (
    <Stack gap="sm" mb="xl">
      <Text>
        The SigningDesk API lets title and escrow companies connect their own systems. It speaks JSON over HTTPS on this origin, under{' '}
        <Code>/api</Code>, with the same cookie session as the console: sign in with <Code>POST /api/auth/sign-in/email</Code> and an{' '}
        <Code>{'{ "email", "password" }'}</Code> body, then send the session cookie it sets with every request.
      </Text>
      <Text>
        A system of your firm calls it with a firm API key instead: your org admin creates one in the portal’s Integrations tab, chooses its
        scopes (<Code>orders:read</Code>, <Code>orders:write</Code>, <Code>files:write</Code>, <Code>webhooks:manage</Code>) and copies it
        once. Send it as <Code className={classes.nowrap}>Authorization: Bearer sdk_…</Code>. It acts for the firm as the org admin, on the
        operations below that name its scope; any other answers 403. A key makes at most 240 requests a minute (429 with Retry-After), and a
        revoked key is refused at once (401).
      </Text>
      <Text>
        Instead of asking for orders again and again, your system can be told when one changes: see{' '}
        <Anchor href={`#${WEBHOOKS_ID}`}>Webhooks</Anchor>, after the operations, for adding an endpoint, the events and how to verify their
        signature.
      </Text>
      <Text>
        Errors are <Code>application/problem+json</Code> (RFC 9457): <Code>code</Code> is a stable code for programs, <Code>detail</Code> a
        message for people, and <Code className={classes.nowrap}>{'errors[{ field, message }]'}</Code> names each invalid field of a 400.
      </Text>
      <Text>
        Mutating requests accept an <Code>Idempotency-Key</Code> header, so a retry is safe: a repeat with the same key replays the first
        result, the same key with a different body answers 422, and a repeat while the first is still running waits for it and replays its
        result (the file routes that move bytes answer 409 instead). The action and its stored result commit together. Keys belong to the
        signed-in user; a 5xx is not stored, so it may be retried. Every state-changing request from a browser must come from this site’s
        own origin.
      </Text>
      <Text>
        <Anchor href={paths.openApiDocument} download="signingdesk-openapi.json">
          Download the OpenAPI document
        </Anchor>
      </Text>
    </Stack>
  );
}
