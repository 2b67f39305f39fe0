import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCodes, contentPaths, type AdminContentList, type ContentVersionList, type ContentView } from '@contract';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { seedIfEmpty } from '../../seed';
import { createBoardItem } from '../../test/factories';
import { createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { waitUntil } from '../../test/observe';
import { sessionToken } from '../../test/tokens';
import { initialContent } from '../../seed/content';
import { fakeWebBuild } from '../../test/web-build';

/**
 * Issue 22: a scheduled version takes effect by itself on every instance, with no request or write
 * to trigger it; and the upgrade path: a site seeded before the content pages gets them on its next
 * start and keeps everything else.
 *
 * Two app instances over one database, both on one injected clock: A saves, B answers. The clock
 * moves less than the guest cache's longest life (10 s), so only the schedule's own boundary can
 * make B drop what it keeps.
 */
let t: TestApp;
let web: ReturnType<typeof fakeWebBuild> | undefined;
let second: { app: FastifyInstance; close(): Promise<void> };
const clock = new TestClock(new Date('2026-12-03T09:00:00+09:00'));

beforeAll(async () => {
  // With a web build, so B's page of a content screen (kept made, issue 24) is read as well.
  web = fakeWebBuild('schedule');
  t = await createTestApp({ clock, env: { WEB_DIST_DIR: web.dir } });
  const database = await openDatabase({ databaseUrl: t.database.url, migrate: false });
  const app = await buildApp({ db: database.db, config: t.config, keys: t.keys, clock });
  await app.ready();
  second = {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  web?.remove();
});

const read = <T>(app: FastifyInstance, url: string) => app.inject({ method: 'GET', url }).then((res) => data<T>(res));
/** The title of a screen's page as a browser opens it. */
const pageTitle = async (app: FastifyInstance, url: string) =>
  /<title>([^<]*)<\/title>/.exec((await app.inject({ method: 'GET', url, headers: { 'sec-fetch-dest': 'document' } })).body)?.[1];

describe('a schedule takes effect by itself on every instance', () => {
  it('saved on A; B answers the new version once the clock passes its time, with no write in between', async () => {
    const admin = t.auth(await sessionToken(t.db, t.keys, t.users.admin, clock.now()));
    const pages = data<AdminContentList>(await t.app.inject({ method: 'GET', url: '/api/admin/content', headers: admin })).content;
    const baseOf = (code: string) => pages.find((p) => p.code === code)!.latest!.version;
    // B keeps the current answers before anything is scheduled.
    const aboutBefore = await read<ContentView>(second.app, '/api/content/about');
    const privacyBefore = await read<ContentView>(second.app, '/api/content/privacy');
    expect((await read<ContentVersionList>(second.app, '/api/content/privacy/versions')).content).toHaveLength(1);

    const at = new Date(clock.now().getTime() + 5000).toISOString();
    for (const code of ['about', 'privacy']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/content/${code}`,
        headers: admin,
        payload: { baseVersion: baseOf(code), title: `${code} 개정`, body: { type: 'html', html: `<p>${code} 새 글</p>` }, note: '예약', publish: at },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // B hears A's change (the cache bus) and announces the privacy policy's coming version at once...
    const announced = await waitUntil(
      () => read<ContentVersionList>(second.app, '/api/content/privacy/versions'),
      (list) => list.content.length === 2,
      'B lists the scheduled privacy version',
    );
    expect(announced.content[0]).toMatchObject({ version: privacyBefore.version + 1, status: 'scheduled' });
    // ...while both pages still show their current version, now kept only until the scheduled time.
    expect((await read<ContentView>(second.app, '/api/content/about')).version).toBe(aboutBefore.version);
    expect((await read<ContentView>(second.app, '/api/content/privacy')).version).toBe(privacyBefore.version);
    expect(await pageTitle(second.app, contentPaths.about)).toBe(`${aboutBefore.title} | 인체이식형 의료기기 환자등록사업`);

    clock.advance(6000);
    expect(await read<ContentView>(second.app, '/api/content/about')).toMatchObject({ version: aboutBefore.version + 1, title: 'about 개정' });
    // The page's head and the page kept with it end at the same moment as its answer.
    expect(await pageTitle(second.app, contentPaths.about)).toBe('about 개정 | 인체이식형 의료기기 환자등록사업');
    expect(await read<ContentView>(second.app, '/api/content/privacy')).toMatchObject({ version: privacyBefore.version + 1 });
    const periods = (await read<ContentVersionList>(second.app, '/api/content/privacy/versions')).content;
    expect(periods.map((p) => p.status)).toEqual(['current', 'past']);
    // A agrees.
    expect((await read<ContentView>(t.app, '/api/content/about')).version).toBe(aboutBefore.version + 1);
  });
});

describe('upgrading a site seeded before the content pages', () => {
  it('the next start seeds every page and keeps members, posts and settings', async () => {
    await createBoardItem(t.db, { boardCode: 'notice', title: '업그레이드 전 공지' });
    const counts = async () =>
      (
        await t.database.raw.query<{ members: number; posts: number; settings: number; roles: number }>(
          `SELECT (SELECT count(*)::int FROM app_user) AS members, (SELECT count(*)::int FROM board_item) AS posts,
                  (SELECT count(*)::int FROM site_setting) AS settings, (SELECT count(*)::int FROM role) AS roles`,
        )
      ).rows[0]!;
    const before = await counts();
    // The database as the previous release left it: migrated, seeded, no content version.
    await t.database.raw.query('DELETE FROM content_version');
    expectRefusalStatus(await t.app.inject({ method: 'GET', url: '/api/content/intro' }), 404);

    const silent = { info: () => {}, warn: () => {} };
    const opts = { adminId: t.config.adminId, adminPassword: 'unused-on-an-existing-site', dataDir: t.config.dataDir, seedDemo: false };
    // Two instances starting together: the pages are written once.
    const seeded = await Promise.all([seedIfEmpty(t.db, t.app.deps.files, opts, silent), seedIfEmpty(t.db, t.app.deps.files, opts, silent)]);
    expect(seeded).toEqual([false, false]);
    const { rows } = await t.database.raw.query<{ code: string; version: number; note: string }>(
      'SELECT code, version, note FROM content_version ORDER BY code',
    );
    expect(rows.map((r) => r.code).sort()).toEqual([...contentCodes].sort());
    expect(rows.every((r) => r.version === 1 && r.note === '최초 등록')).toBe(true);
    expect(await counts()).toEqual(before);
    await t.app.deps.boardCaching.changed(['*content']);
    const intro = await read<ContentView>(t.app, '/api/content/intro');
    expect(intro).toMatchObject({ version: 1, title: initialContent.intro.title, effectiveFrom: '2026-11-01T00:00:00+09:00' });

    // A later start finds every page and writes nothing.
    await seedIfEmpty(t.db, t.app.deps.files, opts, silent);
    expect((await t.database.raw.query('SELECT 1 FROM content_version')).rowCount).toBe(contentCodes.length);
  });
});

function expectRefusalStatus(res: { statusCode: number }, status: number) {
  expect(res.statusCode).toBe(status);
}
