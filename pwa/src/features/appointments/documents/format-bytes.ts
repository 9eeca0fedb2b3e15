/** "340 KB", "1.2 MB", "5.1 GB": sizes as an agent reads them (decimal units, as phones show storage). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/** "Kept on this phone: 3 documents, 1.2 MB · 5.1 GB free" (the free room when the browser says it). */
export function keptSummaryText(count: number, bytes: number, free: number | null): string {
  const kept = count === 0 ? 'no documents' : `${count} ${count === 1 ? 'document' : 'documents'}, ${formatBytes(bytes)}`;
  return `Kept on this phone: ${kept}${free === null ? '' : ` · ${formatBytes(free)} free`}`;
}
