/**
 * Email over SMTP with nodemailer (a pooled transport from SMTP_URL). Each message carries a
 * Message-ID made from its outbound_messages id, so a message sent again after a crash is
 * recognisably the same message to the receiving side.
 */
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';

export interface EmailAttachment {
  fileName: string;
  contentType?: string | undefined;
  content: Buffer | Readable;
}

export interface OutgoingEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: EmailAttachment[];
}

export type SendOutcome =
  | { kind: 'sent'; detail: string }
  /** Worth retrying later: the connection failed, timed out, or the server answered 4xx. */
  | { kind: 'transient'; detail: string }
  /** Refused for good (a 5xx for this recipient or message): retrying would not help. */
  | { kind: 'refused'; detail: string };

export interface Mailer {
  send(email: OutgoingEmail): Promise<SendOutcome>;
  close(): void;
}

/** The domain of the From address, for Message-IDs (`<id@domain>`). */
function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'signingdesk.local';
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Content is always given as bytes; never let a message make the server read a path or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  } as nodemailer.TransportOptions);
  const domain = messageIdDomain(from);
  return {
    async send(email) {
      try {
        const info = await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          messageId: `<${email.id}@${domain}>`,
          attachments: email.attachments.map((a) => ({
            filename: a.fileName,
            content: a.content,
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        });
        const rejected = (info.rejected ?? []).map(String);
        if (rejected.length > 0) return { kind: 'refused', detail: `rejected by the SMTP server: ${rejected.join(', ')}` };
        return { kind: 'sent', detail: String(info.response ?? 'accepted') };
      } catch (err) {
        const error = err as { responseCode?: number; code?: string; message?: string };
        const detail = `${error.code ? `${error.code}: ` : ''}${error.message ?? String(err)}`.slice(0, 500);
        // A permanent reply about the envelope or the message; authentication and connection
        // problems are the server's configuration and are retried.
        if (error.responseCode && error.responseCode >= 500 && error.code !== 'EAUTH') return { kind: 'refused', detail };
        return { kind: 'transient', detail };
      }
    },
    close: () => transport.close(),
  };
}
