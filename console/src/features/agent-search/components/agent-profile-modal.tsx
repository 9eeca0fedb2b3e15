import { Alert, Button, Group, Modal, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { AccountStatusCell } from '../../../components/account-status/account-status-cell';
import { CredentialAuditButton } from '../../../components/credential-audit-button';
import { isOperator } from '@signingdesk/domain/roles';
import { VerifiedMark } from '../../../components/verified-mark';
import { AgentCredentialsPanel } from './agent-credentials-panel';
import { mayChangeAccountStatus } from '@signingdesk/domain/account-rules';
import type { AccountCaller } from '../../../lib/account-status';
import { showToast } from '../../../lib/toast';
import { useAgentProfile, useSetPreferred } from '../api/agent-profile';
import { AgentAvailabilityPanel } from './agent-availability-panel';
import { agentSearchKeys } from '../api/search-agents';
import { AgentScorecardPanel } from './agent-scorecard-panel';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={4} m={0}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Text component="dt" size="sm" fw={700}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value ?? '—'}
            </Text>
          </Fragment>
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * The agent profile (spec 02 §2, admin view, read-only): titled PREFERRED AGENT or NOT SET, with
 * profile details and preferred status, contact info, notary details, and — for admins — the
 * Set Preferred Status panel. The Account row disables or enables the agent (admins and sub
 * admins); the search and this profile are refetched after.
 */
export function AgentProfileModal({
  agentId,
  canSetPreferred,
  caller,
  onClose,
}: {
  agentId: string | null;
  canSetPreferred: boolean;
  caller: AccountCaller;
  onClose: () => void;
}) {
  const profile = useAgentProfile(agentId);
  const agent = profile.data;
  const account = agent ? { id: agent.id, name: agent.name, role: 'notary' as const, status: agent.status } : null;
  return (
    <Modal
      opened={agentId !== null}
      onClose={onClose}
      size="lg"
      // Spec 01 names the modal "Notary Profile"; spec 02 puts PREFERRED AGENT or NOT SET in its title.
      title={
        agent ? (
          <Group gap="xs" component="span">
            {`Notary Profile: ${agent.preferredLabel}`}
            {agent.verified ? <VerifiedMark /> : null}
          </Group>
        ) : (
          'Notary Profile'
        )
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {profile.isPending ? <Skeleton height={240} aria-label="Loading..." /> : null}
      {profile.isError ? (
        <Alert color="red" role="alert">
          {profile.error.message}
        </Alert>
      ) : null}
      {agent ? (
        <Stack gap="md">
          <Section
            title="Profile details"
            rows={[
              ['Name', agent.name],
              ['Company', agent.companyName],
              ['Preferred status', agent.preferred ? 'Preferred agent' : 'Not set'],
              ['Registration', agent.registrationStatus],
              [
                'Account',
                account ? (
                  <AccountStatusCell account={account} canChange={mayChangeAccountStatus(caller, account)} refetch={agentSearchKeys.all} />
                ) : null,
              ],
              ['Years of experience', agent.yearsExperience],
            ]}
          />
          <Section
            title="Contact info"
            rows={[
              ['Mobile phone', agent.mobilePhoneDisplay],
              ['Email', agent.email],
              ['Address', [agent.address1, agent.address2].filter(Boolean).join(', ') || null],
              ['City, state, zip', `${agent.city}, ${agent.state} ${agent.zip}`],
            ]}
          />
          <Section
            title="Notary details"
            rows={[
              ['Certified states', agent.certifiedStates.join(', ')],
              ['Laser printer', yesNo(agent.laserPrinter)],
              ['Dual-tray printer', yesNo(agent.dualTrayPrinter)],
              ['Text messages', agent.smsOptIn ? 'Opted in' : 'Not opted in'],
              ['Signings completed', agent.completedCount],
              ['Signings scheduled', agent.scheduledCount],
            ]}
          />
          <AgentAvailabilityPanel agentId={agent.id} />
          {isOperator(caller.role) ? (
            <Group>
              <CredentialAuditButton agentId={agent.id} />
            </Group>
          ) : null}
          <AgentCredentialsPanel agentId={agent.id} />
          <AgentScorecardPanel agentId={agent.id} />
          {canSetPreferred ? (
            <SetPreferredStatus key={`${agent.id}-${agent.preferred}`} agentId={agent.id} preferred={agent.preferred} />
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function SetPreferredStatus({ agentId, preferred }: { agentId: string; preferred: boolean }) {
  const [choice, setChoice] = useState(preferred ? 'preferred' : 'not-set');
  const set = useSetPreferred(agentId);
  const save = () =>
    set.mutate(choice === 'preferred', {
      onSuccess: (answer) => showToast({ title: 'Preferred status saved', message: answer.message }),
      onError: (error) => showToast({ title: 'The status was not saved', message: error.message, tone: 'error' }),
    });
  return (
    <section aria-label="Set Preferred Status">
      <Title order={3} size="h5" mb="xs">
        Set Preferred Status
      </Title>
      <Group align="flex-end">
        <Radio.Group value={choice} onChange={setChoice} aria-label="Preferred status">
          <Group>
            <Radio value="preferred" label="Preferred agent" />
            <Radio value="not-set" label="Not set" />
          </Group>
        </Radio.Group>
        <Button size="xs" onClick={save} loading={set.isPending} disabled={(choice === 'preferred') === preferred}>
          Save
        </Button>
      </Group>
    </section>
  );
}
