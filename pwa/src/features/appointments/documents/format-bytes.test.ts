import { describe, expect, it } from 'vitest';
import { formatBytes, keptSummaryText } from './format-bytes';

describe('sizes as the agent reads them', () => {
  it('formats bytes in decimal units with one decimal', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(340_000)).toBe('340 KB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
    expect(formatBytes(2_000_000)).toBe('2 MB');
    expect(formatBytes(5_100_000_000)).toBe('5.1 GB');
  });

  it('says how many documents are kept, what they take and the room left', () => {
    expect(keptSummaryText(3, 1_234_567, 5_100_000_000)).toBe('Kept on this phone: 3 documents, 1.2 MB · 5.1 GB free');
    expect(keptSummaryText(1, 340_000, null)).toBe('Kept on this phone: 1 document, 340 KB');
    expect(keptSummaryText(0, 0, 5_100_000_000)).toBe('Kept on this phone: no documents · 5.1 GB free');
  });
});
