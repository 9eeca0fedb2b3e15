/** An SMS provider's webhook on 127.0.0.1 over HTTPS for the delivery tests: it keeps what it was sent. */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from './tls';

export interface ReceivedSms {
  to: string;
  body: string;
  idempotencyKey: string | undefined;
}

export class TestSmsProvider {
  readonly received: ReceivedSms[] = [];
  /** Status to answer; 202 when it returns undefined. */
  statusFor: (sms: ReceivedSms) => number | undefined = () => undefined;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(certificate: TestCertificate): Promise<TestSmsProvider> {
    let provider: TestSmsProvider | undefined;
    const server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; body: string };
        const sms = { to: parsed.to, body: parsed.body, idempotencyKey: req.headers['idempotency-key'] as string | undefined };
        const status = provider!.statusFor(sms) ?? 202;
        if (status < 300) provider!.received.push(sms);
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(status < 300 ? { id: `sms-${provider!.received.length}` } : { error: 'refused' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    provider = new TestSmsProvider(server, `https://127.0.0.1:${port}/messages`);
    return provider;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
