import { describe, expect, it } from 'vitest';
import { scanBacksDueText } from './scan-back-due';

describe('scanBacksDueText', () => {
  it("reads the due time in the signing's zone", () => {
    expect(scanBacksDueText('2026-11-26T22:30:00.000Z', 'CT')).toBe('Scan-backs due by 4:30 PM CT');
    expect(scanBacksDueText('2026-07-01T01:05:00.000Z', 'PT')).toBe('Scan-backs due by 6:05 PM PT');
  });
});
