import { describe, expect, it } from 'vitest';
import { endOfKoreanDay, hiddenIds, hideToday, HIDDEN_STORAGE_KEY } from './hidden-today';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const at = (iso: string) => new Date(iso).getTime();

describe('the end of the day in Korea', () => {
  it('is the next midnight in Korea, whatever the hour', () => {
    expect(endOfKoreanDay(at('2026-12-24T00:00:00+09:00'))).toBe(at('2026-12-25T00:00:00+09:00'));
    expect(endOfKoreanDay(at('2026-12-24T23:59:59+09:00'))).toBe(at('2026-12-25T00:00:00+09:00'));
    // 20:00 UTC on the 24th is already the 25th in Korea.
    expect(endOfKoreanDay(at('2026-12-24T20:00:00Z'))).toBe(at('2026-12-26T00:00:00+09:00'));
  });
});

describe('오늘 하루 보지 않기', () => {
  it('hides a pop-up until midnight in Korea, then shows it again', () => {
    const storage = memoryStorage();
    const evening = at('2026-12-24T21:00:00+09:00');
    hideToday(7, evening, storage);
    expect(hiddenIds(evening, storage)).toEqual(new Set([7]));
    expect(hiddenIds(at('2026-12-24T23:59:59+09:00'), storage)).toEqual(new Set([7]));
    expect(hiddenIds(at('2026-12-25T00:00:00+09:00'), storage)).toEqual(new Set());
  });

  it('drops the past days\' entries when it writes, and survives garbled storage', () => {
    const storage = memoryStorage();
    hideToday(1, at('2026-12-23T10:00:00+09:00'), storage);
    hideToday(2, at('2026-12-24T10:00:00+09:00'), storage);
    expect(Object.keys(JSON.parse(storage.items.get(HIDDEN_STORAGE_KEY)!) as object)).toEqual(['2']);
    storage.setItem(HIDDEN_STORAGE_KEY, '{not json');
    expect(hiddenIds(at('2026-12-24T10:00:00+09:00'), storage)).toEqual(new Set());
    storage.setItem(HIDDEN_STORAGE_KEY, '[1,2]');
    expect(hiddenIds(at('2026-12-24T10:00:00+09:00'), storage)).toEqual(new Set());
  });
});
