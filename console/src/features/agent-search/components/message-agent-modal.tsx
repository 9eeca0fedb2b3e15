import { Alert, Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { AGENT_MESSAGE_MAX, type AgentMessageChannel } from '@signingdesk/domain/agent-message';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useMessageAgent } from '../api/agent-profile';

type Recipient = { id: string; name: string; channel: AgentMessageChannel; to: string };

/**
 * A text message (≤ 320 characters) or an email (≤ 140) to one agent (spec 02 §5, §9), queued
 * in the outbox; the count shows as it is typed and Send stays off over the limit.
 */
export function MessageAgentModal({ recipient, onClose }: { recipient: Recipient | null; onClose: () => void }) {
  return (
    <Modal
      opened={recipient !== null}
      onClose={onClose}
      title={recipient ? `${recipient.channel === 'sms' ? 'Text message' : 'Email'} to ${recipient.name}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {recipient ? <MessageForm key={`${recipient.id}-${recipient.channel}`} recipient={recipient} onSent={onClose} /> : null}
    </Modal>
  );
}

function MessageForm({ recipient, onSent }: { recipient: Recipient; onSent: () => void }) {
  const [text, setText] = useState('');
  const send = useMessageAgent(recipient.id);
  const max = AGENT_MESSAGE_MAX[recipient.channel];
  const length = text.trim().length;
  const over = length > max;
  const submit = () =>
    send.mutate(
      { channel: recipient.channel, message: text.trim() },
      {
        onSuccess: (answer) => {
          showToast({ title: recipient.channel === 'sms' ? 'Text message queued' : 'Email queued', message: answer.message });
          onSent();
        },
      },
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Text size="sm" mb="xs">
        To {recipient.to}
      </Text>
      <Textarea
        label="Message"
        autosize
        minRows={3}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={`${length} / ${max} characters`}
        error={over ? `${recipient.channel === 'sms' ? 'A text message' : 'An email'} holds at most ${max} characters.` : null}
        data-autofocus
      />
      {send.isError ? (
        <Alert color="red" role="alert" mt="sm">
          {send.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={length === 0 || over} loading={send.isPending}>
          Send
        </Button>
      </Group>
    </form>
  );
}
