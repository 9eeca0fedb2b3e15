/** An operator's text message or email to one signing agent, from List Signing Agents. */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import type { AgentMessageInput } from '@signingdesk/domain/agent-message';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { profileRow } from './agents.profile';
import { quietHoursZone, textHeldUntil } from '@signingdesk/domain/quiet-hours';
import { formatDateTime } from '@signingdesk/domain/time-zones';

const NO_MOBILE_MESSAGE = 'This signing agent has no mobile phone on file: send an email instead.';

/**
 * An operator's text message (≤ 320) or email (≤ 140) to one agent from List Signing Agents:
 * queued in the outbox for delivery and audited, in one transaction.
 */
export async function messageAgent(db: Db, actor: Actor, agentId: string, input: AgentMessageInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await profileRow(tx, agentId);
    if (!row) throw notFound('This signing agent');
    if (input.channel === 'sms' && !row.phone) {
      throw new AppError('VALIDATION_FAILED', NO_MOBILE_MESSAGE, [{ field: 'channel', message: 'the agent has no mobile phone to text' }]);
    }
    // The agent's quiet hours hold an operator's text too: it waits in the outbox until 7 am their time.
    const heldUntil = input.channel === 'sms' ? textHeldUntil({ now, state: row.state }) : null;
    const [outbound] = await tx
      .insert(schema.outboundMessages)
      .values(
        input.channel === 'sms'
          ? { channel: 'sms', toAddress: row.phone!, body: input.message, state: 'queued', sendAfter: heldUntil }
          : {
              channel: 'email',
              toAddress: row.email,
              subject: `A message from ${actor.name} at SigningDesk`,
              body: input.message,
              state: 'queued',
            },
      )
      .returning({ id: schema.outboundMessages.id });
    await audit(tx, {
      actorId: actor.userId,
      action: 'agent.messaged',
      entityType: 'agent',
      entityId: agentId,
      details: { channel: input.channel, length: input.message.length },
    });
    const queued = input.channel === 'sms' ? `Your text message to ${row.name} was queued.` : `Your email to ${row.name} was queued.`;
    return {
      message: heldUntil
        ? `${queued} It is quiet hours where they are (9 PM to 7 AM), so it will be sent at 7 AM their time (${formatDateTime(heldUntil.getTime(), quietHoursZone(row.state))}).`
        : queued,
      outboundMessageId: outbound!.id,
    };
  });
}
