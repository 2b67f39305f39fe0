import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailySalt } from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../test/harness';
import { createVisitorKeys, daySalt } from './keys';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

// 12:00 in Korea on 2026-12-01 and on the next day.
const dayOne = new Date('2026-12-01T03:00:00Z');
const dayTwo = new Date('2026-12-02T03:00:00Z');

describe('visitor keys (issue 23)', () => {
  it('gives one visitor one key a day, the same on every instance, another key the next day, and keeps only the day’s salt', async () => {
    const one = createVisitorKeys(database.db);
    const other = createVisitorKeys(database.db); // a second instance on the same database
    const key = await one.keyOf('203.0.113.7', 'Firefox', dayOne);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain('203');
    expect(await other.keyOf('203.0.113.7', 'Firefox', dayOne)).toBe(key);
    expect(await one.keyOf('203.0.113.8', 'Firefox', dayOne)).not.toBe(key);
    expect(await one.keyOf('203.0.113.7', 'Chrome', dayOne)).not.toBe(key);
    // A post view's key: the same on every instance, another for another visitor, and at once once
    // the day's salt is in memory; another day's, not until it has been read.
    const viewKey = await other.viewKeyOf('203.0.113.7', 'Firefox', dayOne);
    expect(viewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Not the visit's key: a visitor's visits and views cannot be joined by their keys (decision 0048).
    expect(viewKey).not.toBe(key);
    expect(one.viewKeyNow('203.0.113.7', 'Firefox', dayOne)).toBe(viewKey);
    expect(one.viewKeyNow('203.0.113.8', 'Firefox', dayOne)).not.toBe(viewKey);
    const fresh = createVisitorKeys(database.db);
    expect(fresh.viewKeyNow('203.0.113.7', 'Firefox', dayOne)).toBeUndefined();
    expect(await fresh.viewKeyOf('203.0.113.7', 'Firefox', dayOne)).toBe(viewKey);
    expect(fresh.viewKeyNow('203.0.113.7', 'Firefox', dayOne)).toBe(viewKey);
    // A batch's keyer for the day gives the same keys without a wait each.
    const keyer = await other.keyerOf(dayOne);
    expect(keyer('203.0.113.7', 'Firefox')).toBe(key);
    expect(keyer('203.0.113.8', 'Firefox')).toBe(await one.keyOf('203.0.113.8', 'Firefox', dayOne));

    const next = await other.keyOf('203.0.113.7', 'Firefox', dayTwo);
    expect(next).not.toBe(key);
    // Making the second day's salt deleted the first's: yesterday's keys cannot be made again.
    const rows = await database.db.select().from(dailySalt);
    expect(rows.map((r) => r.day)).toEqual(['2026-12-02']);
    expect(one.viewKeyNow('203.0.113.7', 'Firefox', dayTwo)).toBeUndefined(); // this instance holds day one's salt
    expect(await one.keyOf('203.0.113.7', 'Firefox', dayTwo)).toBe(next);
    expect(one.viewKeyNow('203.0.113.7', 'Firefox', dayTwo)).toBe(await other.viewKeyOf('203.0.113.7', 'Firefox', dayTwo));
    expect(one.viewKeyNow('203.0.113.7', 'Firefox', dayTwo)).not.toBe(viewKey);
  });

  it('answers the salt already made when several ask for a day at once', async () => {
    const salts = await Promise.all(Array.from({ length: 6 }, () => daySalt(database.db, '2026-12-03')));
    expect(new Set(salts).size).toBe(1);
  });

  it('keys a day’s last hits after the next day began as before, and never makes a day’s salt again', async () => {
    const dayTen = new Date('2026-12-10T14:59:59Z'); // 23:59:59 in Korea
    const dayEleven = new Date('2026-12-10T15:00:01Z'); // 00:00:01 the next day
    const days = async () => (await database.db.select().from(dailySalt)).map((r) => r.day);
    const one = createVisitorKeys(database.db);
    const key = await one.keyOf('203.0.113.7', 'Firefox', dayTen);
    const other = createVisitorKeys(database.db);
    const next = await other.keyOf('203.0.113.7', 'Firefox', dayEleven);
    expect(await days()).toEqual(['2026-12-11']);
    // This instance moves on to the new day, then flushes the old day's last hits.
    expect(await one.keyOf('203.0.113.7', 'Firefox', dayEleven)).toBe(next);
    expect(await one.keyOf('203.0.113.7', 'Firefox', dayTen)).toBe(key);
    expect((await one.keyerOf(dayTen))('203.0.113.7', 'Firefox')).toBe(key);
    expect(one.viewKeyNow('203.0.113.7', 'Firefox', dayEleven)).toBe(await other.viewKeyOf('203.0.113.7', 'Firefox', dayEleven));
    // Asked anew, the old day's salt is gone and stays gone.
    expect(await daySalt(database.db, '2026-12-10')).toBeNull();
    const late = createVisitorKeys(database.db); // an instance that never read the old day's salt
    const standIn = await late.keyOf('203.0.113.7', 'Firefox', dayTen);
    expect(standIn).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(standIn).not.toBe(key);
    expect(await late.keyOf('203.0.113.7', 'Firefox', dayTen)).toBe(standIn);
    expect(await late.keyOf('203.0.113.7', 'Firefox', dayEleven)).toBe(next);
    expect(await days()).toEqual(['2026-12-11']);
  });
});
