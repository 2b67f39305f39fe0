import { describe, expect, it, vi } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('orders its keys by use: set and use make a key the newest, peek does not', () => {
    const lru = new LruMap<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) lru.set(key, i);
    expect([...lru.values()]).toEqual([0, 1, 2, 3]);
    expect(lru.use('b')).toBe(1);
    expect([...lru.values()]).toEqual([0, 2, 3, 1]);
    expect(lru.peek('a')).toBe(0);
    expect(lru.oldest()).toEqual(['a', 0]);
    lru.set('a', 10);
    expect([...lru.values()]).toEqual([2, 3, 1, 10]);
    expect(lru.oldest()).toEqual(['c', 2]);
    // The newest used again stays where it is.
    expect(lru.use('a')).toBe(10);
    expect([...lru.values()]).toEqual([2, 3, 1, 10]);
    expect(lru.use('z')).toBeUndefined();
    expect(lru.size).toBe(4);
  });

  it('deletes from anywhere, the oldest and the newest included, and clears', () => {
    const lru = new LruMap<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) lru.set(key, i);
    expect(lru.delete('c')).toBe(true);
    expect(lru.delete('c')).toBe(false);
    expect(lru.delete('a')).toBe(true);
    expect(lru.delete('e')).toBe(true);
    expect([...lru.values()]).toEqual([1, 3]);
    expect(lru.oldest()).toEqual(['b', 1]);
    lru.set('f', 5);
    expect([...lru.values()]).toEqual([1, 3, 5]);
    expect(lru.delete('b')).toBe(true);
    expect(lru.delete('d')).toBe(true);
    expect(lru.delete('f')).toBe(true);
    expect(lru.oldest()).toBeUndefined();
    expect([...lru.values()]).toEqual([]);
    lru.set('g', 6);
    expect(lru.oldest()).toEqual(['g', 6]);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.oldest()).toBeUndefined();
    expect(lru.peek('g')).toBeUndefined();
  });

  it('evicts as an LRU under a budget: the keys used since are kept', () => {
    const lru = new LruMap<number, number>();
    const max = 100;
    for (let i = 0; i < 1_000; i++) {
      lru.set(i, i);
      if (i % 10 === 0) lru.use(0);
      while (lru.size > max) lru.delete(lru.oldest()![0]);
    }
    expect(lru.size).toBe(max);
    // 0, used every ten sets, and the newest 99 others.
    expect(lru.peek(0)).toBe(0);
    expect(lru.peek(901)).toBe(901);
    expect(lru.peek(900)).toBeUndefined();
    expect([...lru.values()].slice(0, 2)).toEqual([901, 902]);
  });

  it('deletes a key from its Map only when the key leaves, not when it is used', () => {
    // The point of the class: V8 keeps a deleted entry in its key's hash chain until the table is
    // rebuilt, so a Map that deletes and sets a hot key at every use makes each lookup walk them.
    const deletes = vi.spyOn(Map.prototype, 'delete');
    try {
      const lru = new LruMap<string, number>();
      for (let i = 0; i < 1_000; i++) lru.set(`post ${i}`, i);
      deletes.mockClear();
      for (let i = 0; i < 10_000; i++) if (lru.use(`hot ${i % 3}`) === undefined) lru.set(`hot ${i % 3}`, i);
      for (let i = 0; i < 100; i++) lru.use(`post ${i}`);
      expect(deletes).not.toHaveBeenCalled();
      lru.delete(lru.oldest()![0]);
      expect(deletes).toHaveBeenCalledTimes(1);
    } finally {
      deletes.mockRestore();
    }
  });
});
