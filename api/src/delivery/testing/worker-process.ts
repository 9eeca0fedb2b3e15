/**
 * A delivery worker in a process of its own, for the crash test: it opens the database, runs
 * the worker and reports every delivery event to its parent over IPC until it is killed.
 * Argument: JSON { url?, dataDir?, env, ca, tuning }.
 */
import { Agent } from 'node:https';
import { createDb } from '@signingdesk/db';
import { parseEnv } from '../../env';
import { DeliveryWorker, type DeliveryTuning } from '../worker';

interface Config {
  url?: string;
  dataDir?: string;
  env: Record<string, string>;
  ca: string;
  tuning: Partial<DeliveryTuning>;
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const database = await createDb(config.url ? { url: config.url } : { dataDir: config.dataDir });
await DeliveryWorker.start({
  env: parseEnv(config.env),
  database,
  connectionString: config.url,
  httpsAgent: new Agent({ ca: config.ca }),
  storage: null,
  tuning: config.tuning,
  onEvent: (event) => process.send?.({ event }),
  log: (line) => process.stderr.write(`${line}\n`),
});
process.send?.({ ready: true });
