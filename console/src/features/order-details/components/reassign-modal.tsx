import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { formatMiles } from '@signingdesk/domain/eligibility';
import { formatCents } from '@signingdesk/domain/money';
import { formatPhone } from '@signingdesk/domain/phone';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { REASSIGNABLE_BID_STATUSES } from '../utils/operator-rules';
import { useRun } from './use-operator-run';

type Order = Schemas['OperatorAppointment'];

/** Reassign agent (spec 02 §2): the bids (name, phone, email, bid), scrolling at 200 px; notes for the displaced agent; Update Notary. */
export function ReassignModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { run, pending } = useRun(order);
  const [offerId, setOfferId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  // The API reassigns to a bid that is live or was not chosen (spec 02 §2 "Reassign agent").
  const choices = order.bids.filter(
    (bid) => bid.agent.id !== order.assignedAgent?.id && (REASSIGNABLE_BID_STATUSES as readonly string[]).includes(bid.status),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!offerId) return;
    if (await run({ kind: 'reassign', offerId, notes }, 'Signing agent changed')) {
      setOfferId(null);
      setNotes('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reassign agent" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)}>
        {choices.length === 0 ? (
          <Text mb="md">No other agent has bid on this order.</Text>
        ) : (
          <Radio.Group label="New signing agent" value={offerId} onChange={setOfferId} mb="md">
            <ScrollArea.Autosize mah={200} type="auto" mt="xs">
              <Stack gap="xs">
                {choices.map((bid) => (
                  <Radio
                    key={bid.offerId}
                    value={bid.offerId}
                    label={`${bid.agent.name} · ${formatMiles(bid.distanceMiles)} · ${bid.agent.phone ? formatPhone(bid.agent.phone) : 'no phone'} · ${bid.agent.email} · ${bid.bidCents === null ? 'no bid' : formatCents(bid.bidCents)}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Textarea
          label="Notes for the displaced agent"
          autosize
          minRows={2}
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          mb="md"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!offerId} loading={pending}>
            Update Notary
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
