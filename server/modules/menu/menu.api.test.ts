import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuMessages as m, type Menu, type MenuEntry } from '@contract';
import { siteMenu } from '../../db/schema';
import { recorded } from '../../test/access-records';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, openSecondInstance, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { sessionToken } from '../../test/tokens';
import { seedIfEmpty } from '../../seed';
import { headerMenuSeed } from './seed';

/**
 * The header menu's calls (issue 22): GET /api/menu for everyone from the guest cache, PUT
 * /api/admin/menu for CONTENT_Manage, with its revision, refusals, access record and the cached
 * answers dropped on every instance.
 */
let t: TestApp;
let staffWithoutContent: string;
let contentStaff: string;

beforeAll(async () => {
  t = await createTestApp();
  // Console staff whose role opens the console but does not manage content, and one whose role does.
  await t.database.raw.query(`INSERT INTO role (role_code, name, permissions) VALUES ('STAFF', '직원', '{ADMIN_Access,MEMBER_Access}'), ('EDITOR', '편집자', '{ADMIN_Access,CONTENT_Manage}')`);
  const staff = await createMember(t.db, { roleCode: 'STAFF' });
  const editor = await createMember(t.db, { roleCode: 'EDITOR' });
  staffWithoutContent = await sessionToken(t.db, t.keys, staff.id, t.app.deps.clock.now());
  contentStaff = await sessionToken(t.db, t.keys, editor.id, t.app.deps.clock.now());
});

afterAll(async () => {
  await t?.close();
});

const getMenu = async (app = t.app, headers: Record<string, string> = {}) => data<Menu>(await app.inject({ method: 'GET', url: '/api/menu', headers }));
const save = (payload: object, token: string | null = t.tokens.admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/menu', payload, headers: t.auth(token ?? undefined) });
const storedRow = async () => (await t.db.select().from(siteMenu).where(eq(siteMenu.key, 'header')))[0]!;
/** The menu with `change` applied to a copy of its items. */
const edited = (menu: Menu, change: (items: MenuEntry[]) => void) => {
  const items = structuredClone(menu.items);
  change(items);
  return { revision: menu.revision, items };
};
const group = (menu: Menu | { items: MenuEntry[] }, id: string) => menu.items.find((g) => g.id === id)!;

describe('GET /api/menu', () => {
  it('answers the seeded menu of spec §2 to everyone, the same answer, from the cache with an ETag', async () => {
    const guest = await getMenu();
    expect(guest.revision).toBe(1);
    expect(guest.items.map((g) => g.label)).toEqual(['기관소개', '회원서비스', '환자등록시스템', '자료실', '커뮤니티', '알림마당']);
    expect(group(guest, 'notice').children).toEqual([
      { id: 'board-notice', label: '공지사항', boardCode: 'notice', path: '/Nids/notice/List/', hidden: false, children: [] },
      { id: 'board-faq', label: '자주 묻는 질문', boardCode: 'faq', path: '/Nids/faq/List/', hidden: false, children: [] },
      { id: 'board-contactus', label: '문의하기', boardCode: 'contactus', path: '/Nids/contactus/Write/NEW', hidden: false, children: [] },
    ]);
    expect(group(guest, 'notice').boardArea).toBe('Nids');
    expect(await getMenu(t.app, t.auth(t.tokens.member))).toEqual(guest);
    const res = await t.app.inject({ method: 'GET', url: '/api/menu' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/menu', headers: { 'if-none-match': res.headers.etag as string } })).statusCode).toBe(304);
  });
});

describe('who may save the menu', () => {
  it('a guest 401, a member 403, staff without CONTENT_Manage 403, and nothing is saved', async () => {
    const menu = await getMenu();
    const payload = edited(menu, (items) => (items[0]!.label = '바뀜'));
    expectRefusal(await save(payload, null), 401, 'UNAUTHORIZED');
    expectRefusal(await save(payload, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await save(payload, staffWithoutContent), 403, 'FORBIDDEN');
    expect((await storedRow()).revision).toBe(1);
    expect(group(await getMenu(), 'about').label).toBe('기관소개');
  });

  it('staff with CONTENT_Manage may', async () => {
    const menu = await getMenu();
    const res = await save(edited(menu, () => {}), contentStaff);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<Menu>(res).revision).toBe(menu.revision + 1);
  });
});

describe('saving the menu', () => {
  it('renames, reorders, hides and adds a board and an external link; every instance answers the new menu at once; one access record', async () => {
    const other = await openSecondInstance(t);
    try {
      const before = await getMenu();
      // Both instances have the answer cached before the change.
      expect(group(await getMenu(other.app), 'about').label).toBe('기관소개');
      const payload = edited(before, (items) => {
        const about = items.find((g) => g.id === 'about')!;
        about.label = '사업소개';
        about.children.reverse();
        items.find((g) => g.id === 'member')!.hidden = true;
        group({ items }, 'notice').children.push(
          { id: 'm-ext', label: '식품의약품안전처', url: 'https://www.mfds.go.kr/', hidden: false, children: [] },
          { id: 'm-board', label: '홍보영상 바로가기', boardCode: 'promotionVideo', hidden: false, children: [] },
        );
      });
      const records = await recorded(t.db, async () => {
        const res = await save(payload);
        expect(res.statusCode, res.body).toBe(200);
        expect(body(res).message).toBe(m.saved);
      });
      const after = await getMenu();
      expect(after.revision).toBe(before.revision + 1);
      expect(group(after, 'about')).toMatchObject({ label: '사업소개' });
      expect(group(after, 'about').children.map((c) => c.id)).toEqual(['about-history', 'about-organization', 'about-about', 'about-intro']);
      expect(group(after, 'member').hidden).toBe(true);
      expect(group(after, 'notice').children.slice(-2)).toEqual([
        { id: 'm-ext', label: '식품의약품안전처', url: 'https://www.mfds.go.kr/', hidden: false, children: [] },
        { id: 'm-board', label: '홍보영상 바로가기', boardCode: 'promotionVideo', path: '/Reference/promotionVideo/List/', hidden: false, children: [] },
      ]);
      await expect.poll(async () => group(await getMenu(other.app), 'about').label, { timeout: 4000 }).toBe('사업소개');

      expect(records.map((r) => [r.action, r.subjectType, r.subject, r.actorId])).toEqual([['MENU_UPDATE', 'menu', '헤더 메뉴', t.users.admin]]);
      expect(records[0]!.detail).toMatchObject({
        revision: after.revision,
        summary: '추가 2, 이름 변경 1, 숨김 1, 위치 변경 4',
        added: ['식품의약품안전처', '홍보영상 바로가기'],
        renamed: ['기관소개 → 사업소개'],
        hidden: ['회원서비스'],
      });
    } finally {
      await other.close();
    }
  });

  it('refuses a save over a newer revision (409), saving nothing', async () => {
    const menu = await getMenu();
    expect((await save(edited(menu, (items) => (items[0]!.label = '첫 관리자')))).statusCode).toBe(200);
    const records = await recorded(t.db, async () => {
      expectRefusal(await save(edited(menu, (items) => (items[0]!.label = '둘째 관리자'))), 409, 'CONFLICT', m.conflict);
    });
    expect(records).toEqual([]);
    expect(group(await getMenu(), 'about').label).toBe('첫 관리자');
  });

  const refusals: [string, (items: MenuEntry[]) => unknown, string, string][] = [
    ['an empty label', (items: MenuEntry[]) => (items[1]!.children[0]!.label = ' '), m.labelRequired, 'items.1.children.0.label'],
    ['an entry under itself', (items: MenuEntry[]) => (items[1]!.children[0]!.id = items[1]!.id), m.ownAncestor, 'items.1.children.0.id'],
    ['an id used twice', (items: MenuEntry[]) => (items[2]!.id = items[0]!.id), m.duplicateId, 'items.2.id'],
    ['a link that is no site path', (items: MenuEntry[]) => (items[0]!.children[0]!.path = '//evil.example/'), m.badPath, 'items.0.children.0.path'],
    ['a javascript: address', (items: MenuEntry[]) => items[0]!.children.push({ id: 'm-x', label: 'x', url: 'javascript:alert(1)', hidden: false, children: [] }), m.badUrl, 'items.0.children.4.url'],
    ['a board that does not exist', (items: MenuEntry[]) => items[0]!.children.push({ id: 'm-x', label: 'x', boardCode: 'nope', hidden: false, children: [] }), m.unknownBoard, 'items.0.children.4.boardCode'],
    ['a third level', (items: MenuEntry[]) => ((items[0]!.children[0]! as { children: unknown[] }).children = [{ id: 'm-deep', label: '깊이', path: '/nids/intro' }]), m.tooDeep, 'items.0.children.0.children'],
  ];
  it.each(refusals)('refuses %s with its sentence and field, saving nothing', async (_what, change, message, field) => {
    const menu = await getMenu();
    const records = await recorded(t.db, async () => {
      const res = await save(edited(menu, change));
      expectRefusal(res, 400, 'BAD_REQUEST');
      expect(body(res)).toMatchObject({ field });
      expect(body<{ message: string }>(res).message.startsWith(message)).toBe(true);
    });
    expect(records).toEqual([]);
    expect((await getMenu()).revision).toBe(menu.revision);
  });

  it('refuses a body without a revision or with more than the header has room for (schema)', async () => {
    const menu = await getMenu();
    expectRefusal(await save({ items: menu.items }), 400, 'BAD_REQUEST');
    const many = Array.from({ length: 13 }, (_, i) => ({ id: `g${i}`, label: `메뉴 ${i}`, hidden: false, children: [] }));
    expectRefusal(await save({ revision: menu.revision, items: many }), 400, 'BAD_REQUEST', new RegExp(`^${m.tooMany}`));
  });
});

describe('the boards in the menu', () => {
  it('a board made in the console joins its area\'s group at once, unless staff placed it; a hidden entry keeps it out', async () => {
    const made = await t.app.inject({
      method: 'PUT', url: '/api/admin/boards', headers: t.auth(t.tokens.admin),
      payload: {
        boardCode: 'events', name: '행사 안내', area: 'Nids', listStyle: 'list', description: '', pageSize: 10, categories: [], allowAttachments: false,
        maxFiles: 0, maxFileSize: 1024 * 1024, maxImageSize: 1024 * 1024, useComments: false, sortOrder: 30,
        permissions: { list: ['GUEST', 'MEMBER'], read: ['GUEST', 'MEMBER'], write: ['ADMIN'], comment: [], download: [], manage: ['ADMIN'] },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const menu = await getMenu();
    expect(group(menu, 'notice').children.at(-1)).toEqual({ id: 'board-events', label: '행사 안내', boardCode: 'events', path: '/Nids/events/List/', hidden: false, children: [] });
    // Hidden by staff: saved as an entry, so it is no longer listed as a new board.
    const res = await save(edited(menu, (items) => (group({ items }, 'notice').children.at(-1)!.hidden = true)));
    expect(res.statusCode, res.body).toBe(200);
    expect(group(await getMenu(), 'notice').children.filter((c) => c.boardCode === 'events')).toEqual([
      { id: 'board-events', label: '행사 안내', boardCode: 'events', path: '/Nids/events/List/', hidden: true, children: [] },
    ]);
  });
});

describe('the seed', () => {
  it('writes the spec\'s menu on a start that finds none (an upgraded site) and never over a saved one', async () => {
    const saved = await storedRow();
    const opts = { adminId: 'admin', dataDir: '/nonexistent', seedDemo: false };
    const log = { info: () => {}, warn: () => {} };
    await seedIfEmpty(t.db, t.app.deps.files, opts, log);
    expect(await storedRow()).toEqual(saved);
    await t.db.delete(siteMenu).where(eq(siteMenu.key, 'header'));
    await seedIfEmpty(t.db, t.app.deps.files, opts, log);
    const seeded = await storedRow();
    expect(seeded).toMatchObject({ revision: 1, items: headerMenuSeed, modifiedBy: null });
    // Everything else stays: the roles and boards of the site are still there.
    const { rows } = await t.database.raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM board WHERE board_code = 'events'`);
    expect(rows[0]!.n).toBe(1);
  });
});
