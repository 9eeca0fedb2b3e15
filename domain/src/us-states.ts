import { TIME_ZONES, type TimeZoneCode } from './time-zones';

/** The state list of spec 01 §3 / spec 02 §5: the 50 states plus DC, in the spec's order. */
export const US_STATES = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
] as const;
export type UsState = (typeof US_STATES)[number];

/** The select's first, empty entry. */
export const STATE_PLACEHOLDER = 'State';

export function isUsState(value: unknown): value is UsState {
  return typeof value === 'string' && (US_STATES as readonly string[]).includes(value);
}

/**
 * The time zone most of a state keeps, offered when an order's state is chosen (the officer can
 * still pick another: a few states span two zones, e.g. west Texas, the Florida panhandle).
 * Arizona keeps Mountain time without daylight saving; MT is the nearest of the product's codes.
 */
export const STATE_TIME_ZONES: Record<UsState, TimeZoneCode> = {
  AK: 'AK',
  AL: 'CT',
  AR: 'CT',
  AZ: 'MT',
  CA: 'PT',
  CO: 'MT',
  CT: 'ET',
  DC: 'ET',
  DE: 'ET',
  FL: 'ET',
  GA: 'ET',
  HI: 'HT',
  IA: 'CT',
  ID: 'MT',
  IL: 'CT',
  IN: 'ET',
  KS: 'CT',
  KY: 'ET',
  LA: 'CT',
  MA: 'ET',
  MD: 'ET',
  ME: 'ET',
  MI: 'ET',
  MN: 'CT',
  MO: 'CT',
  MS: 'CT',
  MT: 'MT',
  NC: 'ET',
  ND: 'CT',
  NE: 'CT',
  NH: 'ET',
  NJ: 'ET',
  NM: 'MT',
  NV: 'PT',
  NY: 'ET',
  OH: 'ET',
  OK: 'CT',
  OR: 'PT',
  PA: 'ET',
  RI: 'ET',
  SC: 'ET',
  SD: 'CT',
  TN: 'CT',
  TX: 'CT',
  UT: 'MT',
  VA: 'ET',
  VT: 'ET',
  WA: 'PT',
  WI: 'CT',
  WV: 'ET',
  WY: 'MT',
};

/** States whose clock is not their zone code's IANA zone: Arizona keeps Mountain Standard Time all year. */
const STATE_CLOCKS: Partial<Record<UsState, string>> = { AZ: 'America/Phoenix' };

/** The IANA zone of a state's clock, for what is kept in a person's own local time (quiet hours, "today"). */
export function stateClock(state: UsState): string {
  return STATE_CLOCKS[state] ?? TIME_ZONES[STATE_TIME_ZONES[state]].iana;
}
