import type { ConfirmationResult } from '@signingdesk/domain/signing-day';
import { describe, expect, it } from 'vitest';
import { outboxItem } from '../../lib/outbox/testing';
import type { OutboxAction, OutboxItem } from '../../lib/outbox/types';
import type { AgentAppointment } from '../../types/api';
import { assignmentOnPhone, signerConfirmationOnPhone } from './assignment-on-phone';

const LIST_SYNCED = 10_000;

const assignment: AgentAppointment = {
  id: 'a1',
  title: 'Refinance signing — Austin, TX',
  name: 'Garcia Refinance',
  status: 'Scheduled',
  city: 'Austin',
  state: 'TX',
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT',
  startsAt: 1_796_416_200,
  feeCents: 15_000,
  offeredFeeCents: 15_000,
  scanBackRequired: false,
  termsShort: '',
  showCompleteButton: true,
  markedCompleted: false,
  offerStatus: 'approved',
  documentsToDownload: 0,
  signerConfirmation: null,
};

const on = { appointmentId: 'a1', appointmentName: 'Garcia Refinance' };
function confirmation(result: ConfirmationResult, overrides: Partial<OutboxItem> = {}): OutboxItem {
  const action: OutboxAction = {
    kind: 'signer_confirmation',
    body: { method: 'call', result, rescheduleTo: null, note: null, contactedAt: 1 },
    ...on,
  };
  return outboxItem(action, overrides);
}

const confirmationOf = (
  item: Pick<AgentAppointment, 'id' | 'signerConfirmation'>,
  kept: { result: ConfirmationResult | null; syncedAt: number } | undefined,
  rows: OutboxItem[] = [],
) => signerConfirmationOnPhone({ item, listSyncedAt: LIST_SYNCED, kept, rows });

describe('the confirmation with the signer as the phone knows it', () => {
  it("is the list's when the phone keeps no detail of the signing", () => {
    expect(confirmationOf({ id: 'a1', signerConfirmation: 'confirmed' }, undefined)).toBe('confirmed');
    expect(confirmationOf({ id: 'a1', signerConfirmation: null }, undefined)).toBeNull();
  });

  it('is the newer of the list and the detail kept on the phone', () => {
    // The signer answered the link after the detail was kept: the list, synced since, says so.
    expect(confirmationOf({ id: 'a1', signerConfirmation: 'confirmed' }, { result: 'unreached', syncedAt: LIST_SYNCED - 1 })).toBe(
      'confirmed',
    );
    // The detail, opened after the list was synced, is newer.
    expect(confirmationOf({ id: 'a1', signerConfirmation: null }, { result: 'reschedule', syncedAt: LIST_SYNCED + 1 })).toBe('reschedule');
  });

  it('is unknown only when neither the list (kept by an older app version) nor a detail says', () => {
    expect(confirmationOf({ id: 'a1' }, undefined)).toBeUndefined();
    expect(confirmationOf({ id: 'a1' }, { result: null, syncedAt: LIST_SYNCED - 1 })).toBeNull();
  });

  it("is the agent's own one still on the phone, whatever the server's copies say", () => {
    expect(confirmationOf({ id: 'a1', signerConfirmation: 'unreached' }, undefined, [confirmation('confirmed')])).toBe('confirmed');
    expect(confirmationOf({ id: 'a1' }, undefined, [confirmation('unreached', { state: 'sending' })])).toBe('unreached');
    // The newest of the agent's.
    const rows = [confirmation('unreached', { id: 'r1' }), confirmation('confirmed', { id: 'r2' })];
    expect(confirmationOf({ id: 'a1', signerConfirmation: null }, undefined, rows)).toBe('confirmed');
  });

  it('takes a sent one only when it is newer than the server copy read, and never a refused one or another signing’s', () => {
    const sent = (sentAt: number) => confirmation('unreached', { state: 'sent', sentAt });
    expect(confirmationOf({ id: 'a1', signerConfirmation: null }, undefined, [sent(LIST_SYNCED + 5)])).toBe('unreached');
    // Sent before the list was synced: the list already knows it, or something newer (the signer's own answer).
    expect(confirmationOf({ id: 'a1', signerConfirmation: 'confirmed' }, undefined, [sent(LIST_SYNCED - 5)])).toBe('confirmed');
    expect(
      confirmationOf({ id: 'a1', signerConfirmation: 'confirmed' }, { result: 'confirmed', syncedAt: LIST_SYNCED + 10 }, [
        sent(LIST_SYNCED + 5),
      ]),
    ).toBe('confirmed');
    expect(confirmationOf({ id: 'a1', signerConfirmation: null }, undefined, [confirmation('confirmed', { state: 'refused' })])).toBeNull();
    expect(confirmationOf({ id: 'a2', signerConfirmation: null }, undefined, [confirmation('confirmed')])).toBeNull();
  });
});

describe('an assigned card as the phone knows it', () => {
  const options = { listSyncedAt: LIST_SYNCED, kept: undefined, rows: [] as OutboxItem[] };

  it('is the same card when the phone knows nothing newer (its memoized card is kept)', () => {
    expect(assignmentOnPhone(assignment, options)).toBe(assignment);
    const { signerConfirmation: _s, documentsToDownload: _d, ...older } = assignment;
    expect(assignmentOnPhone(older, options)).toBe(older);
  });

  it("carries the phone's newer confirmation", () => {
    expect(assignmentOnPhone(assignment, { ...options, rows: [confirmation('confirmed')] }).signerConfirmation).toBe('confirmed');
    const { signerConfirmation: _s, ...older } = assignment;
    expect(assignmentOnPhone(older, { ...options, kept: { result: null, syncedAt: 1 } }).signerConfirmation).toBeNull();
  });

  it('is marked complete once Mark Assignment Complete or "Signer did not sign" waits on the phone', () => {
    const notSigned: OutboxAction = {
      kind: 'not_signed',
      body: { reason: 'no_show', note: null, rescheduleRequested: false, rescheduleNote: null },
      ...on,
    };
    for (const action of [{ kind: 'complete', ...on } as const, notSigned]) {
      const card = assignmentOnPhone(assignment, { ...options, rows: [outboxItem(action)] });
      expect(card).toMatchObject({ markedCompleted: true, showCompleteButton: false });
    }
    const refused = outboxItem({ kind: 'complete', ...on }, { state: 'refused' });
    expect(assignmentOnPhone(assignment, { ...options, rows: [refused] })).toBe(assignment);
  });
});
