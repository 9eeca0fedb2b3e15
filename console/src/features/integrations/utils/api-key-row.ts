/**
 * One firm API key as a row of the keys table reads it: when it was created and by whom, when
 * it was last used ("Never"), how its status stands out, and whether it can still be revoked.
 */
import type { Schemas } from '../../../lib/api-client';
import { formatEventTime } from '../../../lib/format-date-time';
import { API_KEY_TEXTS } from './api-key-texts';

export type ApiKey = Schemas['ApiKey'];

/** active in the text colour; revoked muted (it is history); stopped in the error colour (it fails and nobody revoked it). */
export type ApiKeyStatusTone = 'normal' | 'muted' | 'error';

export type ApiKeyRow = {
  created: string;
  createdBy: string;
  lastUsed: string;
  statusText: string;
  statusTone: ApiKeyStatusTone;
  /**
   * A stopped key can still be revoked: it is refused only while its creator is not the firm's
   * active org admin, and would work again if they were enabled or made org admin again.
   */
  revocable: boolean;
};

const TONES: Record<ApiKey['status'], ApiKeyStatusTone> = { active: 'normal', revoked: 'muted', stopped: 'error' };

/** The row's texts; times in the viewer's zone unless one is given (the tests pin it). */
export function apiKeyRow(key: ApiKey, timeZone?: string): ApiKeyRow {
  return {
    created: formatEventTime(key.createdAt, timeZone),
    createdBy: `by ${key.createdBy.name}`,
    lastUsed: key.lastUsedAt ? formatEventTime(key.lastUsedAt, timeZone) : API_KEY_TEXTS.neverUsed,
    statusText: key.statusText,
    statusTone: TONES[key.status],
    revocable: key.status !== 'revoked',
  };
}
