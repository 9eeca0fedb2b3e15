import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('takes a UUID in either case', () => {
    expect(isUuid('0b6f3c1e-8d2a-4f7b-9c3d-2e1f0a9b8c7d')).toBe(true);
    expect(isUuid('0B6F3C1E-8D2A-4F7B-9C3D-2E1F0A9B8C7D')).toBe(true);
  });

  it('refuses anything a uuid column would choke on', () => {
    for (const value of [
      '',
      'new',
      '0b6f3c1e8d2a4f7b9c3d2e1f0a9b8c7d',
      '0b6f3c1e-8d2a-4f7b-9c3d-2e1f0a9b8c7',
      ' 0b6f3c1e-8d2a-4f7b-9c3d-2e1f0a9b8c7d',
      '0b6f3c1e-8d2a-4f7b-9c3d-2e1f0a9b8c7d\n',
      'g b6f3c1e-8d2a-4f7b-9c3d-2e1f0a9b8c7d',
    ]) {
      expect(isUuid(value), JSON.stringify(value)).toBe(false);
    }
  });
});
