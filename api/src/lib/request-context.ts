/**
 * What a request carries down to code that has no Hono context: the firm API key it came
 * through, so every audit row written while it is handled names the key (lib/audit.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  apiKeyId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithApiKey<T>(apiKeyId: string, work: () => Promise<T>): Promise<T> {
  return storage.run({ apiKeyId }, work);
}

/** The API key of the request being handled; null for a signed-in person, a job or a test. */
export function currentApiKeyId(): string | null {
  return storage.getStore()?.apiKeyId ?? null;
}
