/**
 * Delivery workers for tests that read what a phone receives: an HTTPS SMS provider with its
 * own certificate, and workers pointed at it with an injected clock. Each test file makes one
 * in beforeAll; `stopWorkers` in afterEach, `close` in afterAll.
 */
import { Agent } from 'node:https';
import { parseEnv } from '../../env';
import { TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { DeliveryWorker, type DeliveryTuning } from '../worker';
import { TestSmsProvider } from './sms-provider';
import { selfSignedCertificate } from './tls';

export interface SmsWorkers {
  sms: TestSmsProvider;
  /** A worker that works only when drained (no polling), reading the time from `now`. */
  start(options?: { tuning?: Partial<DeliveryTuning> }): Promise<DeliveryWorker>;
  /** Stops every worker started so far. */
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export async function smsWorkers(t: TestApp, now: () => Date): Promise<SmsWorkers> {
  const certificate = selfSignedCertificate();
  const sms = await TestSmsProvider.start(certificate);
  const workers: DeliveryWorker[] = [];
  const stopWorkers = async () => {
    while (workers.length) await workers.pop()!.stop();
  };
  return {
    sms,
    async start(options = {}) {
      const worker = await DeliveryWorker.start({
        env: parseEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN, SMS_WEBHOOK_URL: sms.url }),
        database: t.database,
        connectionString: t.database.url,
        storage: null,
        httpsAgent: new Agent({ ca: certificate.cert }),
        poll: false,
        tuning: { retryDelaySeconds: 1, ...options.tuning },
        log: () => undefined,
        now,
      });
      workers.push(worker);
      return worker;
    },
    stopWorkers,
    async close() {
      await stopWorkers();
      await sms.close();
    },
  };
}
