/** The state list of spec 01 §3 / spec 02 §5: the 50 states plus DC, in the spec's order. */
export const US_STATES = [
  'AK', 'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'HI', 'IA', 'ID', 'IL',
  'IN', 'KS', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE',
  'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT',
  'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;
export type UsState = (typeof US_STATES)[number];

/** The select's first, empty entry. */
export const STATE_PLACEHOLDER = 'State';

export function isUsState(value: unknown): value is UsState {
  return typeof value === 'string' && (US_STATES as readonly string[]).includes(value);
}
