import { Anchor, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { credentialSummary, type CredentialTone } from '@signingdesk/domain/credentials';
import { showToast } from '../../../lib/toast';
import { ProfilePanel } from './profile-panel';
import { credentialDocumentLink, useAgentCredentials, useReviewCredential, type AgentCredential } from '../api/agent-credentials';

/** The state's colour beside its words (credentialState's tone). */
const TONE_COLORS: Record<CredentialTone, string> = {
  verified: 'teal.9',
  waiting: 'blue.9',
  expiring: 'orange.9',
  expired: 'red.9',
  rejected: 'red.9',
};

/**
 * The agent's credentials in the profile modal (issue 31): each current one with its facts, its
 * state, a link to its document, and Verify / Reject (with a reason the agent reads); the
 * replaced ones below as history.
 */
export function AgentCredentialsPanel({ agentId }: { agentId: string }) {
  return (
    <ProfilePanel title="Credentials" query={useAgentCredentials(agentId)}>
      {(data) =>
        data.current.length === 0 ? (
          <Text size="sm">No credentials on file.</Text>
        ) : (
          <Stack gap="xs">
            <CredentialTable rows={data.current} reviewable />
            {data.history.length > 0 ? (
              <details>
                <summary>
                  <Text component="span" size="sm">
                    History ({data.history.length} replaced)
                  </Text>
                </summary>
                <CredentialTable rows={data.history} reviewable={false} />
              </details>
            ) : null}
          </Stack>
        )
      }
    </ProfilePanel>
  );
}

function CredentialTable({ rows, reviewable }: { rows: AgentCredential[]; reviewable: boolean }) {
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Credential</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Document</Table.Th>
          {reviewable ? <Table.Th>Review</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((c) => (
          <CredentialRow key={c.id} credential={c} reviewable={reviewable} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CredentialRow({ credential: c, reviewable }: { credential: AgentCredential; reviewable: boolean }) {
  const review = useReviewCredential();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const name = `${c.kindLabel}${c.state ? ` (${c.state})` : ''}`;
  const send = (rejectReason: string | null) =>
    review.mutate(
      { id: c.id, reason: rejectReason },
      {
        onSuccess: () => {
          setRejecting(false);
          showToast({ title: rejectReason === null ? `${name} verified` : `${name} rejected`, message: 'The agent sees the new state.' });
        },
        onError: (error) => showToast({ title: 'The review was not saved', message: error.message, tone: 'error' }),
      },
    );
  const openDocument = async () => {
    try {
      const link = await credentialDocumentLink(c.id);
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      showToast({ title: 'The document could not be opened', message: (error as Error).message, tone: 'error' });
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={700}>
          {name}
        </Text>
        <Text size="xs">{credentialSummary(c, { withName: true })}</Text>
      </Table.Td>
      <Table.Td>
        {/* Plain words in the state's colour: a badge would cut "Expired — you are not offered…" short. */}
        <Text size="sm" fw={700} c={TONE_COLORS[c.status.tone]}>
          {c.status.text}
        </Text>
      </Table.Td>
      <Table.Td>
        {c.document ? (
          <Anchor component="button" type="button" fz="sm" onClick={() => void openDocument()}>
            {c.document.fileName}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
      {reviewable ? (
        <Table.Td>
          {rejecting ? (
            <Stack gap={4}>
              <Textarea
                label="Reason (the agent reads it)"
                size="xs"
                autosize
                minRows={2}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
              <Group gap={4}>
                <Button
                  size="xs"
                  color="red.9"
                  loading={review.isPending}
                  disabled={reason.trim() === ''}
                  onClick={() => send(reason.trim())}
                >
                  Reject {name}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setRejecting(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                loading={review.isPending}
                disabled={c.review === 'verified'}
                onClick={() => send(null)}
                aria-label={`Verify ${name}`}
              >
                Verify
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                disabled={c.review === 'rejected'}
                onClick={() => setRejecting(true)}
                aria-label={`Reject ${name}`}
              >
                Reject
              </Button>
            </Group>
          )}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
