/** The one UUID check of ids taken from a URL or a body before they reach a uuid column. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
