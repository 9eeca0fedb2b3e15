/**
 * Expiry reminders (issue 31, decision 065): the daily sweep that tells an agent a credential
 * expires in 30, 14 and 3 days and on the day, each once, through the notification outbox
 * (`credential.expiring`; delivery picks the agent's channels).
 *
 * Owns credential_reminders: its key (credential, step) is the proof a reminder went out. The
 * row and the notification job are written in one transaction, so a reminder is either recorded
 * and queued or neither; a sweep run twice, by two processes or after a restart, adds nothing.
 * A step missed (the sweep did not run that day) is sent at the next run within its window
 * (`reminderStep`: 13 days left is the 14-day reminder). Only current credentials are swept: a
 * renewal is a new row that starts fresh, and the row it replaced is skipped from then on. A
 * rejected credential is not reminded of (it does not count anyway), nor is a disabled agent
 * (enabled again within the window, they get the step due then).
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { addDays, CREDENTIAL_LABELS, credentialDay, daysBetween, REMINDER_DAYS, reminderStep } from '@signingdesk/domain/credentials';
import { and, asc, between, eq, getTableColumns, gt, isNull, ne } from 'drizzle-orm';
import { notify } from '../../delivery/notify';

const { agentCredentials: ac, credentialReminders, profiles } = schema;

/** How many credentials one pass reads; the sweep pages through them by id. */
const PAGE = 500;

/** The credential as the agent names it: "Notary commission (TX)", "E&O insurance". */
export function credentialName(kind: keyof typeof CREDENTIAL_LABELS, state: string | null): string {
  return state ? `${CREDENTIAL_LABELS[kind]} (${state})` : CREDENTIAL_LABELS[kind];
}

/**
 * Sends the reminders due on the day of `now` (CREDENTIAL_DAY_ZONE) that were not sent yet.
 * Returns how many were sent.
 */
export async function sendCredentialReminders(db: Db, options: { now?: Date } = {}): Promise<number> {
  const today = credentialDay(options.now ?? new Date());
  const horizon = addDays(today, REMINDER_DAYS[0]);
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const due: (typeof ac.$inferSelect)[] = await db
      .select(getTableColumns(ac))
      .from(ac)
      .innerJoin(profiles, eq(profiles.userId, ac.agentId))
      .where(
        and(
          isNull(ac.replacedAt),
          ne(profiles.status, 'disabled'),
          ne(ac.review, 'rejected'),
          between(ac.expiresOn, today, horizon),
          after === null ? undefined : gt(ac.id, after),
        ),
      )
      .orderBy(asc(ac.id))
      .limit(PAGE);
    for (const credential of due) {
      const step = reminderStep(daysBetween(today, credential.expiresOn!));
      if (step === null) continue;
      const recorded = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(credentialReminders)
          .values({ credentialId: credential.id, daysBefore: step, sentAt: options.now ?? new Date() })
          .onConflictDoNothing()
          .returning({ credentialId: credentialReminders.credentialId });
        if (!row) return false;
        await notify(tx, {
          type: 'credential.expiring',
          recipientIds: [credential.agentId],
          payload: { credential: credentialName(credential.kind, credential.state), expiresOn: credential.expiresOn!, daysBefore: step },
        });
        return true;
      });
      if (recorded) sent++;
    }
    if (due.length < PAGE) return sent;
    after = due[due.length - 1]!.id;
  }
}
