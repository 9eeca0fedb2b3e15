import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('is the configuration zod uses: jitless, so no schema probes eval under the CSP', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
