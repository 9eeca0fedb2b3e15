/**
 * Short-lived signed download links. A token names one file and the read event it will
 * confirm, with an expiry, and is signed with HMAC-SHA256 under a key the server generates
 * once and keeps in app_settings (so every API process accepts every other's links). The
 * signature is checked before anything else: a token edited to name another file is refused.
 */
import { UUID_PATTERN } from '@signingdesk/domain/uuid';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@signingdesk/db';
import { AppError } from '../../lib/app-error';
import { getOrCreateSetting } from '../../lib/settings';

export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export interface LinkClaims {
  fileId: string;
  eventId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface LinkSigner {
  sign(claims: LinkClaims): Promise<string>;
  verify(token: string, nowSeconds?: number): Promise<LinkClaims>;
}

const TOKEN = new RegExp(`^(${UUID_PATTERN})\\.(${UUID_PATTERN})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`);

export function createLinkSigner(db: Db): LinkSigner {
  let key: Promise<Buffer> | null = null;
  const keyOf = () =>
    (key ??= getOrCreateSetting(db, 'file_link_key', () => randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex')));
  const mac = async (payload: string) =>
    createHmac('sha256', await keyOf())
      .update(payload)
      .digest('base64url');

  return {
    async sign({ fileId, eventId, expiresAt }) {
      const payload = `${fileId}.${eventId}.${expiresAt}`;
      return `${payload}.${await mac(payload)}`;
    },
    async verify(token, nowSeconds = Math.floor(Date.now() / 1000)) {
      const match = TOKEN.exec(token);
      const invalid = new AppError('FORBIDDEN', 'This download link is not valid.');
      if (!match) throw invalid;
      const [, fileId, eventId, expires, signature] = match as unknown as [string, string, string, string, string];
      const expected = Buffer.from(await mac(`${fileId}.${eventId}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
      const expiresAt = Number(expires);
      if (expiresAt <= nowSeconds) {
        throw new AppError('LINK_EXPIRED', 'This download link has expired. Please ask for the file again.');
      }
      return { fileId, eventId, expiresAt };
    },
  };
}
