/**
 * The text-message provider adapter: a JSON POST `{ to, body }` to SMS_WEBHOOK_URL (the
 * provider's endpoint or a small relay in front of it). The outbound message id goes along as
 * `Idempotency-Key`, so a provider can drop a repeat sent after a crash.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type Agent } from 'node:https';
import type { SendOutcome } from './email';

export interface OutgoingSms {
  id: string;
  /** E.164, e.g. +16265550130. */
  to: string;
  body: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<SendOutcome>;
}

export function createSmsWebhook(url: string, options: { agent?: Agent | undefined; timeoutMs: number }): SmsSender {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return {
    send: (sms) =>
      new Promise<SendOutcome>((resolve) => {
        const body = JSON.stringify({ to: sms.to, body: sms.body });
        const req = send(
          target,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'idempotency-key': sms.id,
            },
            timeout: options.timeoutMs,
            ...(options.agent && target.protocol === 'https:' ? { agent: options.agent } : {}),
          },
          (res) => {
            const status = res.statusCode ?? 0;
            let answer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (answer.length < 500) answer += chunk;
            });
            res.on('end', () => {
              const detail = `SMS provider answered ${status}${answer ? `: ${answer.slice(0, 200)}` : ''}`;
              if (status >= 200 && status < 300) resolve({ kind: 'sent', detail });
              else if (status === 408 || status === 429 || status >= 500) resolve({ kind: 'transient', detail });
              else resolve({ kind: 'refused', detail });
            });
            res.on('error', (err) => resolve({ kind: 'transient', detail: err.message }));
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer from the SMS provider within ${options.timeoutMs} ms`)));
        req.on('error', (err) => resolve({ kind: 'transient', detail: err.message }));
        req.end(body);
      }),
  };
}
