import { DeliveryWorker } from '../delivery/worker';
import type { TestApp } from './test-app';

/**
 * A delivery worker on the test app's database without its background loops and quiet: it works
 * only when the test calls drain(). The housekeeping tests start two to check one job per slot.
 */
export function startDrainedWorker(t: Pick<TestApp, 'env' | 'database'>): Promise<DeliveryWorker> {
  return DeliveryWorker.start({
    env: t.env,
    database: t.database,
    connectionString: t.database.url,
    storage: null,
    poll: false,
    log: () => undefined,
  });
}
