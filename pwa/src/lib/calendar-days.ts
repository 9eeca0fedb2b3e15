/** Days by the phone's own calendar (not UTC's): an agent's "today" is where the phone is. */

/** Whole days from today (by the phone's calendar) to a YYYY-MM-DD date: 0 today, 1 tomorrow, -1 yesterday. */
export function daysFromToday(date: string, now: Date): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.UTC(y, m - 1, d) - today) / 86_400_000);
}

/** The phone's date today as YYYY-MM-DD. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
