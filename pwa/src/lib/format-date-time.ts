/** Dates and times as the spec shows them: month/day/year with 12-hour time and AM/PM. */
export function formatDateTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
