import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { expectOnly200Or503, loadGenerator, type Answer } from '../test/outage-load';

/**
 * Issue 10, "Tests that must exist": the database goes away under load. Requests meanwhile get a
 * 503 envelope (never a 500, never a crash), service resumes by itself, and no acknowledged write
 * is lost when our connections are killed (pg_terminate_backend, on either test database). The
 * kill -9 of the embedded server's process, and then of the app's own, is in
 * embedded-outage.api.test.ts (it never uses the run's database server).
 */

describe('connections killed with pg_terminate_backend under load', () => {
  let t: TestApp;
  let itemNo: number;

  beforeAll(async () => {
    t = await createTestApp();
    const post = await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: t.auth(t.tokens.member), payload: { title: '장애 시험', content: '<p>본문</p>' } });
    itemNo = (JSON.parse(post.body) as Answer['body']).data!.itemNo!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (i: number): Promise<Answer> => {
    const wrote = i % 2 === 0;
    const res = wrote
      ? await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${itemNo}`, headers: t.auth(t.tokens.member), payload: { content: `댓글 ${i}` } })
      : await t.app.inject({ method: 'GET', url: `/api/user/${t.users.member}`, headers: t.auth(t.tokens.member) });
    return { wrote, status: res.statusCode, body: JSON.parse(res.body) as Answer['body'] };
  };

  it('answers 503 envelopes meanwhile, resumes by itself, and keeps every acknowledged comment', async () => {
    const load = loadGenerator(send);
    let killed = 0;
    // The load stops whatever happens here: left running, it would outlive the app closed after a failure.
    try {
      await new Promise((r) => setTimeout(r, 200));
      // Kill every connection of the app's database, over and over, for a second and a half, from
      // one connection of its own: through the pool, a kill could take the pool's other idle
      // connection, handed out for the next kill before its termination was seen (a flake on the PG server).
      const until = Date.now() + 1_500;
      const killer = await t.database.raw.connect();
      try {
        while (Date.now() < until) {
          const { rows } = await killer.query<{ n: number }>(
            `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          );
          killed += rows[0]!.n;
          await new Promise((r) => setTimeout(r, 30));
        }
      } finally {
        killer.release();
      }
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await load.stop();
    }

    expect(killed).toBeGreaterThan(5);
    expectOnly200Or503(load.answers);
    expect(load.answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(load.answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);

    // Service is back without anything done to the app, and no connection was lost for good:
    // every one the pool handed out has come back (drizzle's transaction leaked one per failed BEGIN).
    for (let i = 0; i < 6; i++) expect((await send(i)).status).toBe(200);
    const pool = t.database.pool;
    expect(pool.totalCount - pool.idleCount).toBe(0);

    const acknowledged = load.answers.filter((a) => a.wrote && a.status === 200).map((a) => a.body.data!.id!);
    expect(acknowledged.length).toBeGreaterThan(0);
    const { rows } = await t.database.raw.query<{ id: number }>('SELECT id::int FROM board_item_comment WHERE id = ANY($1)', [acknowledged]);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
  });
});
