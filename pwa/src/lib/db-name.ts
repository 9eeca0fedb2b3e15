/** The name of the app's IndexedDB database (lib/db.ts), known without loading Dexie. */
export const AGENT_DB_NAME = 'signingdesk-agent';
