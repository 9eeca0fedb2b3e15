/**
 * A firm's dispatch settings (issue 32, decision 067): read and set by operators only (anyone
 * else, and an unknown firm or a managing organisation, is told 404). Owns
 * firm_dispatch_settings; a firm without a row uses DISPATCH_DEFAULTS. Every change is audited.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import type { DispatchSettings } from '@signingdesk/domain/dispatch';
import { dispatchSettingsSummary } from '@signingdesk/domain/dispatch-settings';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { dispatchSettingsOf } from './dispatcher';

const { firms, firmDispatchSettings } = schema;

async function visibleFirm(db: Db, actor: Actor, firmId: string) {
  if (!isOperator(actor.role) || !isUuid(firmId)) throw notFound('This firm');
  const [row] = await db
    .select({ id: firms.id, name: firms.name })
    .from(firms)
    .where(and(eq(firms.id, firmId), ne(firms.kind, 'managing_organization')));
  if (!row) throw notFound('This firm');
  return row;
}

const view = (firm: { id: string; name: string }, settings: DispatchSettings) => ({
  firmId: firm.id,
  firmName: firm.name,
  ...settings,
  summary: dispatchSettingsSummary(settings),
});

export async function getDispatchSettings(db: Db, actor: Actor, firmId: string) {
  const firm = await visibleFirm(db, actor, firmId);
  return view(firm, await dispatchSettingsOf(db, firm.id));
}

export async function setDispatchSettings(db: Db, actor: Actor, firmId: string, settings: DispatchSettings) {
  const firm = await visibleFirm(db, actor, firmId);
  return db.transaction(async (tx) => {
    const before = await dispatchSettingsOf(tx, firm.id);
    const values = { ...settings, updatedBy: actor.userId, updatedAt: new Date() };
    await tx
      .insert(firmDispatchSettings)
      .values({ firmId: firm.id, ...values })
      .onConflictDoUpdate({ target: firmDispatchSettings.firmId, set: values });
    await audit(tx, {
      actorId: actor.userId,
      action: 'firm.dispatch_settings_changed',
      entityType: 'firm',
      entityId: firm.id,
      details: { from: before, to: settings },
    });
    return { message: `Dispatch settings saved for ${firm.name}.`, settings: view(firm, settings) };
  });
}
