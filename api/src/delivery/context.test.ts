import { describe, expect, it } from 'vitest';
import { concurrencyLimit, mapLimit } from './context';

describe('concurrencyLimit', () => {
  it('keeps at most its limit of sends in flight across callers, and frees a slot when a send fails', async () => {
    const slot = concurrencyLimit(3);
    let inFlight = 0;
    let most = 0;
    const send = (n: number) =>
      slot(async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1 + (n % 4)));
        inFlight -= 1;
        if (n % 5 === 0) throw new Error(`send ${n} failed`);
        return n;
      });
    // Three "batches" of ten, started together, as the worker's batch loops do.
    const batches = [0, 1, 2].map((b) => Promise.allSettled(Array.from({ length: 10 }, (_, i) => send(b * 10 + i))));
    const settled = (await Promise.all(batches)).flat();

    expect(most).toBe(3);
    expect(settled.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toHaveLength(24);
    expect(settled.filter((r) => r.status === 'rejected')).toHaveLength(6);
    // Every slot came back: a new round can use all three at once.
    most = 0;
    await Promise.all([1, 2, 3].map(send));
    expect(most).toBe(3);
  });

  it('maps in input order with at most the limit at once (mapLimit)', async () => {
    let inFlight = 0;
    let most = 0;
    const doubled = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, n));
      inFlight -= 1;
      return n * 2;
    });
    expect(doubled).toEqual([10, 2, 8, 4, 6]);
    expect(most).toBe(2);
  });
});
