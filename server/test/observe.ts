import type pg from 'pg';
import { poolOf, type Db } from '../db/client';

/** The SQL text of every statement sent through `db`'s pool while `run` runs (that match `keep`). */
export async function statementsDuring(db: Db, run: () => Promise<unknown>, keep: (sql: string) => boolean = () => true): Promise<string[]> {
  return (await callsDuring(db, run, keep)).map((call) => call.text);
}

/** statementsDuring with each statement's parameters (as given to the driver). */
export async function callsDuring(
  db: Db,
  run: () => Promise<unknown>,
  keep: (sql: string) => boolean = () => true,
): Promise<{ text: string; values: unknown[] }[]> {
  const pool = poolOf(db);
  const original = pool.query;
  const seen: { text: string; values: unknown[] }[] = [];
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    const q = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof q === 'string' ? q : q.text;
    const values = (Array.isArray(args[1]) ? args[1] : typeof q === 'string' ? undefined : q.values) ?? [];
    if (keep(text)) seen.push({ text, values });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return seen;
}

/** Reads until `done` holds (polling, never a fixed sleep), or fails naming `what`. */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
