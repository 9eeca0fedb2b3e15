/**
 * An SMTP server on 127.0.0.1 (the smtp-server package) for the delivery tests. It keeps each
 * message it accepted, parsed enough to assert on: envelope, subject, Message-ID, the text
 * part and the attachments.
 *
 * `acceptLimit`: after that many accepted messages, further ones are held (no reply to the
 * final dot) — the sender is stuck mid-message. `reject`: answer a message with an SMTP error.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  attachments: ReceivedAttachment[];
  raw: string;
}

export class TestSmtpServer {
  readonly received: ReceivedEmail[] = [];
  acceptLimit = Number.POSITIVE_INFINITY;
  /** An SMTP error to answer a message with, e.g. { code: 451, message: 'try later' }; undefined accepts. */
  reject: (message: ReceivedEmail) => { code: number; message: string } | undefined = () => undefined;
  private accepted = 0;

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<TestSmtpServer> {
    let instance: TestSmtpServer | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => instance!.handle(Buffer.concat(chunks).toString('utf8'), session, callback));
      },
    });
    // A connection's errors come out as the server's 'error' event: a sender killed mid-message
    // (what the crash tests do) resets its socket, which must not end the test run.
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    instance = new TestSmtpServer(server, port);
    return instance;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  private handle(raw: string, session: SMTPServerSession, callback: (err?: Error | null) => void) {
    const email = parseEmail(raw, session);
    const refusal = this.reject(email);
    if (refusal) {
      const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(err);
      return;
    }
    if (this.accepted >= this.acceptLimit) return; // held: no answer until the client goes away
    this.accepted++;
    this.received.push(email);
    callback();
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// ——— a small MIME reader, enough for what nodemailer writes ———

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index === -1 ? part : part.slice(0, index);
  const body = index === -1 ? '' : part.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

function param(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

function parseEmail(raw: string, session: SMTPServerSession): ReceivedEmail {
  const { headers, body } = splitHeaders(raw);
  const email: ReceivedEmail = {
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text: '',
    attachments: [],
    raw,
  };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = param(type, 'boundary');
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const pieces = partBody.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith('--')) break;
        const inner = splitHeaders(piece.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const content = decodeBody(partBody, partHeaders.get('content-transfer-encoding'));
    const disposition = partHeaders.get('content-disposition');
    if (disposition?.toLowerCase().startsWith('attachment')) {
      email.attachments.push({
        fileName: decodeWords(param(disposition, 'filename') ?? ''),
        contentType: type.split(';')[0]!.trim(),
        content: content.subarray(0, content.length),
      });
    } else if (type.toLowerCase().startsWith('text/plain') && !email.text) {
      email.text = content.toString('utf8').replace(/\r\n/g, '\n').trim();
    }
  };
  visit(headers, body);
  return email;
}
