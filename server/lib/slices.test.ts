import { describe, expect, it } from 'vitest';
import { inSlices } from './slices';

describe('inSlices', () => {
  it('takes every item in order and lets other tasks run between slices, not within one', async () => {
    const seen: string[] = [];
    let turns = 0;
    // A task queued behind the job, as a request's I/O callback would be.
    const ticking = (): void => {
      turns += 1;
      if (turns < 100) setImmediate(ticking);
    };
    setImmediate(ticking);
    await inSlices([...'abcdefg'], 3, async (item) => {
      seen.push(`${item}${turns}`);
      await Promise.resolve();
    });
    // Within a slice no other task ran (the microtasks of `each` do not give the loop back);
    // between slices at least one did.
    expect(seen.map((s) => s[0]).join('')).toBe('abcdefg');
    const turnsAt = seen.map((s) => Number(s.slice(1)));
    expect(turnsAt[0]).toBe(turnsAt[2]);
    expect(turnsAt[3]).toBe(turnsAt[5]);
    expect(turnsAt[3]).toBeGreaterThan(turnsAt[2]!);
    expect(turnsAt[6]).toBeGreaterThan(turnsAt[5]!);
  });

  it('runs a synchronous `each` over a slice without a turn of the microtask queue between items', async () => {
    // An await per item, even of nothing, let microtasks run between items and cost two promises each.
    let microtaskRan = false;
    queueMicrotask(() => {
      microtaskRan = true;
    });
    const seen: boolean[] = [];
    await inSlices([1, 2, 3, 4], 10, () => {
      seen.push(microtaskRan);
    });
    expect(seen).toEqual([false, false, false, false]);
    expect(microtaskRan).toBe(true);
  });
});
