import { describe, expect, it } from 'vitest';
import { formatBytes, UPLOAD_LIMITS } from './upload-limits';

const MB = 1024 * 1024;

describe('formatBytes', () => {
  it('writes sizes as a person reads them, never rounding a size up to a limit it is short of', () => {
    expect(formatBytes(UPLOAD_LIMITS.orderBytes)).toBe('200 MB');
    expect(formatBytes(UPLOAD_LIMITS.orderBytes - 1)).toBe('199.9 MB');
    expect(formatBytes(UPLOAD_LIMITS.userBytesPerDay)).toBe('2 GB');
    expect(formatBytes(UPLOAD_LIMITS.userBytesPerDay - 10 * MB)).toBe('1.9 GB');
    expect(formatBytes(25 * MB)).toBe('25 MB');
    expect(formatBytes(1.25 * MB)).toBe('1.2 MB');
    expect(formatBytes(MB - 1)).toBe('1024 KB');
    expect(formatBytes(1500)).toBe('2 KB');
    expect(formatBytes(2)).toBe('1 KB');
  });
});
