import { Button } from '@mantine/core';

/**
 * A small download button of the credential audit CSV (issue 31, decision 065): which
 * credentials the agent had, and whether each was valid, on the date of each completed signing —
 * of one agent (GET /api/agents/{id}/credential-audit, in the agent profile modal) or of one
 * firm's orders (GET /api/firms/{id}/credential-audit, on the firm's detail). Operators only;
 * the server streams the file as a download.
 */
export function CredentialAuditButton(props: { agentId: string } | { firmId: string }) {
  const href =
    'agentId' in props
      ? `/api/agents/${encodeURIComponent(props.agentId)}/credential-audit`
      : `/api/firms/${encodeURIComponent(props.firmId)}/credential-audit`;
  return (
    <Button component="a" href={href} download size="xs" variant="default">
      Credential audit (CSV)
    </Button>
  );
}
