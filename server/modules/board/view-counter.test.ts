import { createHash } from 'node:crypto';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { seenKey } from './view-counter';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('the views a process remembers (view-counter.ts seenKey)', () => {
  it('names a view by its day, post and visitor, and costs under 120 bytes a view remembered, not a rope that holds the visitor (about 250)', () => {
    expect(seenKey({ day: '2026-12-06', itemId: 93077, boardCode: 'notice', visitor: 'A-HUajU_CrYD38TE13ZT5O' })).toBe('2026-12-06|93077|A-HUajU_CrYD38TE13ZT5O');
    const views = 40_000;
    const seen = new Set<string>();
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let i = 0; i < views; i++) {
      // A new visitor's key each time, made as the board's are (22 base64url characters), and
      // dropped once the view is remembered, as a flush drops its views.
      const visitor = createHash('sha256').update(String(i)).digest('base64url').slice(0, 22);
      seen.add(seenKey({ day: '2026-12-06', itemId: 90_000 + (i % 100), boardCode: 'notice', visitor }));
    }
    gc();
    const perView = (getHeapStatistics().used_heap_size - before) / views;
    expect(seen.size).toBe(views);
    // A template literal's rope, with the visitor's own string it holds, measured about 250 bytes.
    expect(perView).toBeLessThan(120);
  });
});
