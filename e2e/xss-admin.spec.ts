import { request as playwrightRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  paths,
  type AdminBoard,
  type AdminBoardCreate,
  type AlumniCreateBody,
  type Area,
  type BoardItem,
  type CreateRoleRequest,
  type MemberPage,
  type SiteInfo,
  type SiteSettingPatch,
  type Success,
  type UserDetail,
  type UserProfileField,
} from '@contract';
import { escapeMarkup, excerpt } from '@server/modules/seo/text';
import { expect, htmlText } from './fixtures';
import { testOnOwnSite } from './support/own-site';
import { ADMIN, confirmEmail, openSignedIn, signInByApi, uniqueSuffix } from './support/accounts';
import { expectNothingRan, expectNothingRanOnEveryMyPageTab } from './support/xss-check';
import { FILE_NAME_PAYLOADS, XSS_PAYLOADS } from './support/xss-corpus';
import { expectInertFirstData, expectInertServerHtml, expectOwnMarkupOnly, markupSkeleton } from './support/xss-html';

/**
 * Issue 12, the attacker's suite, for what only administrators write: the XSS corpus of
 * e2e/xss.spec.ts (e2e/support/xss-corpus.ts, 110 payloads) put through the real API as the system
 * administrator into the site settings (names, operator, address, hours, the privacy officer, the
 * registration system's address), the extra sign-up fields (names, hints, option texts), board
 * names, descriptions and categories, role names, an inquiry's answer, the address book (records
 * and an import: the workbook's name, headings and cells), notice and public-material titles (the
 * home page's lists), and a member's free-text values of those extra fields, then rendered in
 * Chromium on every screen that shows them: home (header, menu, footer, the newest posts), board
 * lists and a post (with the server's own head tags and first data), the sign-up form (with its
 * error messages), My page (every tab), the terms pages, the registration system page, an answered
 * inquiry, and the console's dashboard, settings, boards, a board, roles, members, a member (its
 * profile revealed), inquiries and address book. The assertions are xss.spec.ts's
 * (support/xss-check.ts). Every payload also goes through the HTML the server writes for a post
 * (title, description and Open Graph tags, first data), checked as text (support/xss-html.ts).
 * What a field's rules refuse (a payload as an e-mail, a phone number, a code, a javascript: URL,
 * more than the field's length, a member's name) must be a 400 envelope, never a 500.
 *
 * These fields are global (every screen shows the site's name, the menu lists every board, the
 * home page the newest notices), so the
 * spec never touches the shared e2e server: it starts a site of its own (scripts/site.mjs: the
 * built app on a free port with a fresh data directory and its own embedded PostgreSQL) and every
 * page and request of its tests goes there (e2e/support/own-site.ts). The site is stopped
 * and its data removed in afterAll, whatever happened.
 */

const test = testOnOwnSite('xss-admin');
let siteURL = '';
let api: APIRequestContext;
test.describe.configure({ mode: 'serial' });

// ---------------------------------------------------------------------------------------------
// Where the payloads go
// ---------------------------------------------------------------------------------------------

/** A payload cut to a field's length, as the server keeps it (trimmed). */
const fit = (payload: string, max: number) => payload.slice(0, max).trim();
const payload = (i: number) => XSS_PAYLOADS[i % XSS_PAYLOADS.length]!;
const REGIST_PREFIX = 'https://registry.example.test/';

/** The single-valued site facts with their lengths (contract/site-setting.ts siteSettingPatch). */
const factSlots = [
  { key: 'siteName', max: 100 },
  { key: 'siteNameEn', max: 100 },
  { key: 'operator', max: 100 },
  { key: 'address', max: 200 },
  { key: 'businessHours', max: 200 },
  { key: 'officerName', max: 20 },
  { key: 'officerPosition', max: 50 },
  { key: 'registSiteUrl', max: 300 - REGIST_PREFIX.length },
] as const;
type Facts = Record<(typeof factSlots)[number]['key'], string>;

/**
 * Payloads that break out of the server's own markup first: out of a `<title>`, or out of a quoted
 * attribute (the `content` of a meta tag). The site's name and a board's name go into those in the
 * head the server writes for a list or a post (server/modules/seo/page-head.ts).
 */
const breaksOutOfMarkup = (p: string) => p.includes('</title>') || p.startsWith('"') || p.startsWith("'");
const markupFirst = [...XSS_PAYLOADS.filter(breaksOutOfMarkup), ...XSS_PAYLOADS.filter((p) => !breaksOutOfMarkup(p))];

/**
 * The whole corpus through the site facts: each round fills every fact with as many whole payloads
 * as fit (space-separated), the site's name first and the markup breakouts first, until every
 * payload has been in one. A fact too short for the next payload holds it cut to its length.
 */
function factRounds(): Facts[] {
  const queue = [...markupFirst];
  const rounds: Facts[] = [];
  while (queue.length > 0) {
    const facts = {} as Facts;
    for (const { key, max } of factSlots) {
      const taken: string[] = [];
      while (queue.length > 0 && [...taken, queue[0]!].join(' ').length <= max) taken.push(queue.shift()!);
      facts[key] = taken.length > 0 ? taken.join(' ') : fit(queue[0] ?? payload(rounds.length), max);
    }
    rounds.push(facts);
  }
  return rounds;
}

function factsPatch(facts: Facts): SiteSettingPatch {
  return {
    siteName: facts.siteName,
    siteNameEn: facts.siteNameEn,
    operator: facts.operator,
    address: facts.address,
    businessHours: facts.businessHours,
    privacyOfficer: { name: facts.officerName, position: facts.officerPosition, phone: '02-3489-7180', email: 'privacy@example.test' },
    registSiteUrl: REGIST_PREFIX + facts.registSiteUrl,
  };
}

/**
 * The extra sign-up fields: the whole corpus as option texts (a select, radio buttons, checkboxes),
 * every other input type with a payload as its hint, and payloads as the 30 fields' names.
 */
function profileFields(): UserProfileField[] {
  const options = XSS_PAYLOADS.map((p) => fit(p, 100));
  const choice: UserProfileField[] = [
    { code: 'xssSelect', inputType: 'select', detail: options.slice(0, 50), required: true, name: '' },
    { code: 'xssRadio', inputType: 'radio', detail: options.slice(50, 100), required: true, name: '' },
    { code: 'xssChecks', inputType: 'checkboxes', detail: options.slice(100), required: true, name: '' },
    { code: 'xssAgree', inputType: 'checkbox', required: true, name: '' },
  ];
  const free = ['text', 'textarea', 'tel', 'email', 'number', 'date'] as const;
  const others: UserProfileField[] = Array.from({ length: 26 }, (_, i) => ({
    code: `xssField${i}`,
    inputType: free[i % free.length]!,
    detail: [fit(payload(30 + i), 100)],
    required: false,
    name: '',
  }));
  return [...choice, ...others].map((field, i) => ({ ...field, name: fit(payload(i), 50) }));
}

/** One page of the console's address book; record k's memo holds payloads k, k + 20, k + 40... */
const ALUMNI_COUNT = 20;
function alumniRecord(k: number): AlumniCreateBody {
  const memo = XSS_PAYLOADS.filter((_, i) => i % ALUMNI_COUNT === k).join('\n');
  return { name: fit(payload(k), 50), organization: fit(payload(k + 20), 100), department: fit(payload(k + 40), 100), position: fit(payload(k + 60), 50), memo };
}

const ROLE_COUNT = XSS_PAYLOADS.length;
const roleCode = (i: number) => `XSS_ROLE_${i}`;
const boardCode = (i: number) => `xss${i}`;
const boardArea = (i: number): Area => (['Nids', 'Reference', 'Member'] as const)[i % 3]!;

// ---------------------------------------------------------------------------------------------
// API helpers (the console's own calls, with the system administrator's token)
// ---------------------------------------------------------------------------------------------

let adminToken = '';
const auth = () => ({ authorization: `Bearer ${adminToken}` });

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${what}: ${text.slice(0, 300)}`).toBe(200);
  return (JSON.parse(text) as Success<T>).data;
}

/** A refusal in the error envelope: 400, a code that is not SUCCESS and a Korean message. */
async function expectRefused(response: APIResponse, what: string): Promise<void> {
  const text = await response.text();
  expect(response.status(), `${what} is refused with 400: ${text.slice(0, 300)}`).toBe(400);
  const body = JSON.parse(text) as { code: string; message: string };
  expect(body.code, what).toBe('BAD_REQUEST');
  expect(body.message, what).toMatch(/[가-힣]/);
}

const patchSettings = async (patch: SiteSettingPatch) => ok(await api.patch('/api/site-setting', { data: patch, headers: auth() }), 'PATCH /api/site-setting');

/** What the spec made, for the screens to find. */
const made = {
  rounds: factRounds(),
  profiles: profileFields(),
  member: { userId: '', password: 'Test-pass1!', id: 0 },
  inquiryNo: 0,
  postNo: 0,
  answer: XSS_PAYLOADS.join('\n'),
  /** The member's free-text profile values (text and textarea fields), set by its own test. */
  freeProfile: {} as Record<string, string>,
};

test.beforeAll(async ({ ownSite }) => {
  test.setTimeout(180_000);
  siteURL = ownSite.baseURL;
  api = await playwrightRequest.newContext({ baseURL: siteURL });
  adminToken = (await signInByApi(api, ADMIN.userId, ADMIN.password)).accessToken;

  // Roles: one a payload, each named with it (30 characters at most).
  for (let i = 0; i < ROLE_COUNT; i += 1) {
    const role: CreateRoleRequest = { roleCode: roleCode(i), name: fit(payload(i), 30), permissions: ['MEMBER_Access'] };
    await ok(await api.put('/api/admin/roles', { data: role, headers: auth() }), `PUT /api/admin/roles ${role.roleCode}`);
  }
  const everyRole = ['GUEST', 'MEMBER', 'ADMIN', ...Array.from({ length: ROLE_COUNT }, (_, i) => roleCode(i))];

  // Boards: one a payload, named (50), described (500) and categorised (30) with it, in every area.
  for (let i = 0; i < XSS_PAYLOADS.length; i += 1) {
    const board: AdminBoardCreate = {
      boardCode: boardCode(i),
      name: fit(payload(i), 50),
      area: boardArea(i),
      listStyle: 'list',
      description: payload(i),
      pageSize: 10,
      categories: [fit(payload(i), 30), `분류 ${i}`],
      allowAttachments: false,
      maxFiles: 0,
      maxFileSize: 1024 * 1024,
      maxImageSize: 1024 * 1024,
      useComments: false,
      permissions: { list: everyRole, read: everyRole, write: ['ADMIN'], comment: ['ADMIN'], download: everyRole, manage: ['ADMIN'] },
      sortOrder: 100 + i,
    };
    await ok(await api.put('/api/admin/boards', { data: board, headers: auth() }), `PUT /api/admin/boards ${board.boardCode}`);
  }
  // A post on the first, in its payload category: its list row, its page and its head tags.
  const post = await ok<BoardItem>(
    await api.put(`/api/board-item/${boardCode(0)}`, {
      data: { title: `분류 시험 ${uniqueSuffix()}`, content: '<p>관리자가 정한 분류의 글</p>', category: fit(payload(0), 30) },
      headers: auth(),
    }),
    'a post in a payload category',
  );
  made.postNo = post.itemNo;

  // The extra sign-up fields, then a member who fills them in with payload options.
  await patchSettings({ userProfiles: made.profiles });
  const suffix = uniqueSuffix();
  const email = `xa${suffix}@example.test`;
  made.member.userId = `xa${suffix}`.slice(0, 20);
  const [select, radio, checks] = made.profiles;
  await ok(
    await api.post('/api/user/signup', {
      data: {
        userKeyType: 'ID',
        userKeyCode: made.member.userId,
        password: made.member.password,
        agreeTerms: true,
        profile: { name: '김민지', email, xssSelect: select!.detail![2], xssRadio: radio!.detail![0], xssChecks: checks!.detail!, xssAgree: true },
        userKeyTokenForEmail: await confirmEmail(api, email),
      },
    }),
    'sign-up with payload options',
  );
  const members = await ok<MemberPage>(await api.get(`/api/admin/users?${new URLSearchParams({ keyword: made.member.userId })}`, { headers: auth() }), 'GET /api/admin/users');
  made.member.id = members.content.find((m) => m.userKeyCode === made.member.userId)!.id;

  // The member's inquiry, answered by the administrator with the whole corpus (plain text).
  const memberToken = (await signInByApi(api, made.member.userId, made.member.password)).accessToken;
  const inquiry = await ok<BoardItem>(
    await api.put('/api/board-item/contactus', {
      data: { title: `관리자 답변 시험 ${suffix}`, content: '<p>답변을 기다립니다.</p>', email, agree: true },
      headers: { authorization: `Bearer ${memberToken}` },
    }),
    'the member\'s inquiry',
  );
  made.inquiryNo = inquiry.itemNo;
  await ok(await api.patch(`/api/admin/inquiries/${made.inquiryNo}`, { data: { answer: made.answer }, headers: auth() }), 'the answer');
  // The address book: a page of records (20) with a payload in every text field, the memos holding the whole corpus.
  for (let k = 0; k < ALUMNI_COUNT; k += 1) {
    await ok(await api.put('/api/alumni', { data: alumniRecord(k), headers: auth() }), `PUT /api/alumni ${k}`);
  }
  // Last: the member holds a payload role (the console's member screens show its name), which may
  // do on the seeded boards what members may.
  for (const code of ['notice', 'public', 'contactus']) {
    const seeded = await ok<AdminBoard>(await api.get(`/api/admin/boards/${code}`, { headers: auth() }), `GET /api/admin/boards/${code}`);
    const permissions = Object.fromEntries(
      Object.entries(seeded.permissions).map(([action, roles]) => [action, roles.includes('MEMBER') ? [...roles, roleCode(0)] : roles]),
    ) as AdminBoard['permissions'];
    await ok(await api.patch(`/api/admin/boards/${code}`, { data: { permissions }, headers: auth() }), `PATCH /api/admin/boards/${code}`);
  }
  await ok(await api.patch(`/api/admin/users/${made.member.id}/role`, { data: { roleCode: roleCode(0) }, headers: auth() }), 'the member\'s role');
});

test.afterAll(async ({ ownSite }) => {
  test.setTimeout(60_000);
  await api?.dispose();
  await ownSite.stop();
});

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

test('what a field\'s rules refuse is a 400 envelope, never a 500', async () => {
  const long = XSS_PAYLOADS.find((p) => p.length > 100)!;
  const settings: [string, SiteSettingPatch][] = [
    ['a payload as the e-mail', { email: payload(2) }],
    ['a payload as the phone', { phone: payload(2) }],
    ['a payload as the fax', { fax: payload(0) }],
    ['a payload as the officer\'s e-mail', { privacyOfficer: { name: '김정보', position: '팀장', phone: '02-3489-7180', email: payload(16) } }],
    ['a payload as the officer\'s phone', { privacyOfficer: { name: '김정보', position: '팀장', phone: payload(7), email: 'privacy@example.test' } }],
    ['a javascript: registration address', { registSiteUrl: XSS_PAYLOADS.find((p) => p.startsWith('javascript:'))! }],
    ['a payload as the registration address', { registSiteUrl: payload(16) }],
    ['a data: registration address', { registSiteUrl: 'data:text/html,<script>window.__xss=1</script>' }],
    ['a site name over 100 characters', { siteName: long }],
    ['a sign-up field coded with a payload', { userProfiles: [{ code: payload(2), name: '항목', inputType: 'text', required: false }] }],
    ['a sign-up field named over 50 characters', { userProfiles: [{ code: 'longName', name: long, inputType: 'text', required: false }] }],
    ['a payload as the guest role', { roleCodeForGuest: payload(0) }],
  ];
  for (const [what, patch] of settings) await expectRefused(await api.patch('/api/site-setting', { data: patch, headers: auth() }), what);

  const board = await ok<AdminBoard>(await api.get(`/api/admin/boards/${boardCode(0)}`, { headers: auth() }), 'a board');
  const { itemCount: _count, createdDate: _created, ...fields } = board;
  await expectRefused(await api.put('/api/admin/boards', { data: { ...fields, boardCode: payload(2) }, headers: auth() }), 'a board coded with a payload');
  await expectRefused(await api.put('/api/admin/boards', { data: { ...fields, boardCode: 'xssLongName', name: long }, headers: auth() }), 'a board named over 50 characters');
  await expectRefused(await api.patch(`/api/admin/boards/${boardCode(0)}`, { data: { categories: [long] }, headers: auth() }), 'a category over 30 characters');
  await expectRefused(
    await api.patch(`/api/admin/boards/${boardCode(0)}`, { data: { permissions: { ...fields.permissions, read: [payload(0)] } }, headers: auth() }),
    'a payload as a role code in a board\'s permissions',
  );

  await expectRefused(await api.put('/api/admin/roles', { data: { roleCode: payload(2), name: '역할', permissions: [] }, headers: auth() }), 'a role coded with a payload');
  await expectRefused(await api.put('/api/admin/roles', { data: { roleCode: 'XSS_LONG', name: long, permissions: [] }, headers: auth() }), 'a role named over 30 characters');
  await expectRefused(await api.put('/api/admin/roles', { data: { roleCode: 'XSS_PERM', name: '역할', permissions: [payload(2)] }, headers: auth() }), 'a payload as a permission');
  await expectRefused(await api.patch(`/api/admin/roles/${roleCode(1)}`, { data: { name: long }, headers: auth() }), 'a role renamed over 30 characters');
  await expectRefused(
    await api.patch(`/api/admin/users/${made.member.id}/role`, { data: { roleCode: payload(0).slice(0, 30) }, headers: auth() }),
    'a payload as a member\'s role',
  );
  await expectRefused(await api.put('/api/alumni', { data: { name: '홍길동', email: payload(2) }, headers: auth() }), 'a payload as an address-book e-mail');
  await expectRefused(await api.put('/api/alumni', { data: { name: '홍길동', phone: payload(2) }, headers: auth() }), 'a payload as an address-book phone');
  await expectRefused(await api.put('/api/alumni', { data: { name: long }, headers: auth() }), 'an address-book name over 50 characters');
  await expectRefused(await api.patch(`/api/admin/inquiries/${made.inquiryNo}`, { data: { answer: 'x'.repeat(10_001) }, headers: auth() }), 'an answer over 10,000 characters');
});

test('every payload through the site facts: home (header, footer, the registration link), a board list and the privacy policy', async ({ page }) => {
  test.setTimeout(180_000);
  const boardList = paths.boardList(boardArea(0), boardCode(0));
  for (const [round, facts] of made.rounds.entries()) {
    await patchSettings(factsPatch(facts));
    const tag = `round ${round + 1} of ${made.rounds.length}`;

    // Home as a guest: the server's first data (the settings' JSON in the page), the header and the footer.
    await page.goto('/');
    await expect(page.locator('header').first()).toContainText(facts.siteName);
    await expect(page.locator('footer')).toContainText(`이 누리집은 ${facts.operator}에서 운영하는 누리집입니다`);
    await expect(page.locator('footer')).toContainText(facts.businessHours);
    await expect(page.locator(`main a[href^="${REGIST_PREFIX}"]`).first()).toBeVisible();
    await expectNothingRan(page, `home, ${tag}`);

    // A board list: the server writes the site's name into the head tags.
    await page.goto(boardList);
    await expect(page.locator('footer')).toContainText(facts.address);
    await expectNothingRan(page, `a board list, ${tag}`);

    await page.goto(paths.privacy);
    await expect(page.locator('main')).toContainText(facts.officerPosition);
    await expect(page.locator('main')).toContainText(facts.officerName);
    await expectNothingRan(page, `the privacy policy, ${tag}`);
  }
});

test('a guest: home and its menu, board lists, a post, the sign-up form and its errors, the terms', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.locator('header').first()).toContainText(fit(payload(5), 50));
  await expectNothingRan(page, 'home with payload board names in the menu');
  // Boards named with a plain payload, with one ending the <title> and with the two attribute breakouts
  // (their names and descriptions go into the head the server writes).
  const titled = XSS_PAYLOADS.findIndex((p) => p.includes('</title>'));
  const [doubleQuoted, singleQuoted] = ['"', "'"].map((q) => XSS_PAYLOADS.findIndex((p) => p.startsWith(q)));
  for (const i of [0, titled, doubleQuoted!, singleQuoted!]) {
    await page.goto(paths.boardList(boardArea(i), boardCode(i)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fit(payload(i), 50));
    await expect(page.locator('main')).toContainText(payload(i).trim());
    await expectNothingRan(page, `board list ${boardCode(i)} (its name and description)`);
  }
  await page.goto(paths.boardView(boardArea(0), boardCode(0), made.postNo));
  await expect(page.locator('main')).toContainText(fit(payload(0), 30));
  await expectNothingRan(page, 'a post in a payload category');

  await page.goto(paths.signup);
  const [select, radio, checks] = made.profiles;
  await expect(page.locator('main')).toContainText(radio!.detail![10]!);
  await expect(page.locator('main')).toContainText(checks!.detail![5]!);
  await expect(page.locator('main select option', { hasText: select!.detail![40]! })).toHaveCount(1);
  await expectNothingRan(page, 'the sign-up form with payload fields');
  // Sent empty: each required field's error names it, in the field and in the summary's links.
  await page.getByRole('button', { name: '회원가입', exact: true }).click();
  await expect(page.locator('.error-summary')).toContainText(`${select!.name} 항목을 확인바랍니다.`);
  await expectNothingRan(page, 'the sign-up form\'s errors');

  await page.goto(paths.registSite);
  await expect(page.locator(`main a[href^="${REGIST_PREFIX}"]`).first()).toBeVisible();
  await expectNothingRan(page, 'the registration system page');

  for (const terms of [paths.privacy, paths.terms, paths.contactUsTerms]) {
    await page.goto(terms);
    await expect(page.locator('main')).toContainText(made.rounds.at(-1)!.operator);
    await expectNothingRan(page, terms);
  }
});

test('the member: My page with payload options, home signed in, and an inquiry answered with the corpus', async ({ page }) => {
  test.setTimeout(120_000);
  const [, radio, checks] = made.profiles;
  await openSignedIn(page, made.member.userId, made.member.password, paths.myPage);
  await expect(page.getByRole('heading', { name: '회원 정보' })).toBeVisible();
  await expect(page.locator('main')).toContainText(radio!.detail![10]!);
  await expect(page.locator('main')).toContainText(checks!.detail![5]!);
  await expectNothingRan(page, 'My page');
  await page.goto('/');
  await expect(page.locator('header').first()).toContainText(fit(payload(5), 50));
  await expectNothingRan(page, 'home, signed in');
  await page.goto(paths.boardView('Nids', 'contactus', made.inquiryNo));
  await expect(page.locator('.inquiry-answer__content')).toContainText(XSS_PAYLOADS[0]!);
  await expect(page.locator('.inquiry-answer__content')).toContainText(XSS_PAYLOADS.at(-1)!);
  await expectNothingRan(page, 'an inquiry answered with payloads, as its writer');
});

test('the member\'s free-text profile fields hold the corpus: My page (every tab); the other free fields refuse payloads', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signInByApi(api, made.member.userId, made.member.password);
  const member = { authorization: `Bearer ${session.accessToken}` };
  // The text and textarea fields (each up to 2,000 characters) share the corpus, as My page saves
  // them (PATCH /api/user/{id}, only the fields sent); the member's name stays Hangul only.
  const free = made.profiles.filter((f) => f.inputType === 'text' || f.inputType === 'textarea');
  expect(free.length, 'free-text fields').toBeGreaterThanOrEqual(10);
  made.freeProfile = Object.fromEntries(
    free.map((f, k) => [f.code, XSS_PAYLOADS.filter((_, i) => i % free.length === k).join(f.inputType === 'textarea' ? '\n' : ' ')]),
  );
  const saved = await ok<UserDetail>(await api.patch(`/api/user/${made.member.id}`, { data: { profile: made.freeProfile }, headers: member }), 'PATCH /api/user/{id}');
  for (const [code, value] of Object.entries(made.freeProfile)) expect(saved.profile[code], code).toBe(value);
  await expectRefused(await api.patch(`/api/user/${made.member.id}`, { data: { name: payload(0) }, headers: member }), 'a payload as the member\'s name');
  for (const type of ['tel', 'email', 'number', 'date'] as const) {
    const f = made.profiles.find((p) => p.inputType === type)!;
    await expectRefused(await api.patch(`/api/user/${made.member.id}`, { data: { profile: { [f.code]: payload(2) } }, headers: member }), `a payload in a ${type} field`);
  }

  await openSignedIn(page, made.member.userId, made.member.password, paths.myPage);
  await expect(page.getByRole('heading', { name: '회원 정보' })).toBeVisible();
  const values = await page.locator('main').locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
  expect(values, 'every free-text value in its field on My page').toEqual(expect.arrayContaining(Object.values(made.freeProfile)));
  await expectNothingRan(page, 'My page with payloads in every free-text field');
  await expectNothingRanOnEveryMyPageTab(page);
});

test('the console: dashboard, settings, boards, a board, roles, members, a member, an inquiry and the address book', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeVisible();
  await expectNothingRan(page, 'the dashboard');

  const screens: [string, (p: Page) => Promise<void>][] = [
    [
      '/admin/settings',
      async (p) => {
        // Every fact of the last round in its form, the payload roles offered as the guest role, the
        // extra fields in the editor and in the live preview of the sign-up form.
        await expect(p.getByLabel('사이트 이름')).toHaveValue(made.rounds.at(-1)!.siteName);
        await expect(p.getByLabel('운영시간')).toHaveValue(made.rounds.at(-1)!.businessHours);
        await expect(p.locator('main')).toContainText(made.profiles[1]!.detail![0]!);
      },
    ],
    ['/admin/boards', async (p) => expect(p.locator('main')).toContainText(fit(payload(7), 50))],
    [`/admin/boards/${boardCode(3)}`, async (p) => expect(p.locator('main')).toContainText(fit(payload(9), 30))],
    ['/admin/roles', async (p) => expect(p.getByLabel(`${roleCode(9)} 이름`)).toHaveValue(fit(payload(9), 30))],
    ['/admin/members', async (p) => expect(p.locator('main')).toContainText(fit(payload(0), 30))],
    [
      `/admin/members/${made.member.id}`,
      async (p) => {
        await expect(p.locator('main')).toContainText(made.profiles[1]!.detail![0]!);
        // Free text is masked until revealed: then every value shows, as typed.
        await p.getByRole('button', { name: '개인정보 보기' }).click();
        const dialog = p.getByRole('dialog', { name: '개인정보 보기' });
        await dialog.getByLabel(/^조회 사유/).fill('XSS 점검');
        await dialog.getByRole('button', { name: '표시' }).click();
        await expect(dialog).toBeHidden();
        expect(Object.keys(made.freeProfile).length, 'the free-text profile test ran first').toBeGreaterThan(0);
        for (const value of Object.values(made.freeProfile)) await expect(p.locator('main .admin-facts').first()).toContainText(value.replace(/\s+/g, ' '));
      },
    ],
    [`/admin/inquiries?item=${made.inquiryNo}`, async (p) => expect(p.locator('#inquiry-answer')).toHaveValue(made.answer)],
    [paths.boardView('Nids', 'contactus', made.inquiryNo), async (p) => expect(p.locator('.inquiry-answer__content')).toContainText(XSS_PAYLOADS[0]!)],
    [
      '/admin/alumni',
      async (p) => {
        const newest = alumniRecord(ALUMNI_COUNT - 1);
        await expect(p.locator('main table')).toContainText(newest.organization!);
        // The newest record's form, with its memo.
        await p.getByRole('button', { name: `${newest.name} 수정`, exact: true }).click();
        await expect(p.getByRole('dialog').locator('textarea')).toHaveValue(newest.memo!);
      },
    ],
    [paths.boardWrite(boardArea(0), boardCode(0)), async (p) => expect(p.locator('main select option', { hasText: fit(payload(0), 30) })).toHaveCount(1)],
  ];
  for (const [screen, shows] of screens) {
    await page.goto(screen);
    await shows(page);
    await expectNothingRan(page, screen);
  }

  // The address book's import: a workbook named with a payload, a payload as a column heading (the
  // columns it will not import are named), payloads in its cells (the preview) and a payload
  // e-mail (the report's bad row, named by its number). All or nothing with a bad row: nothing is imported.
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('주소록');
  sheet.addRow(['이름', '소속', '이메일', payload(2)]);
  for (let k = 0; k < 5; k += 1) sheet.addRow([fit(payload(k), 50), fit(payload(k + 5), 100), '', payload(k + 10)]);
  sheet.addRow([fit(payload(15), 50), '', payload(16), '']);
  const workbookName = `${FILE_NAME_PAYLOADS[1]} 명단.xlsx`;
  await page.goto('/admin/alumni');
  await page.getByRole('button', { name: '엑셀 가져오기' }).click();
  const importer = page.getByRole('dialog', { name: '주소록 엑셀 가져오기' });
  await importer.getByLabel(/^엑셀 파일/).setInputFiles({
    name: workbookName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await importer.getByRole('button', { name: '올리고 미리보기' }).click();
  await expect(importer.getByRole('region', { name: /미리보기/ })).toBeVisible();
  await expect(importer).toContainText(workbookName);
  await expect(importer).toContainText(`가져오지 않는 열: ${payload(2)}`);
  await expect(importer).toContainText(fit(payload(4), 50));
  await expectNothingRan(page, 'the address book\'s import preview with payloads');
  await importer.getByLabel(/^가져오기 사유/).fill('XSS 점검');
  await importer.getByRole('button', { name: '가져오기', exact: true }).click();
  await expect(importer.getByRole('status')).toContainText('아무것도 반영하지 않았습니다');
  await expect(importer.getByRole('region', { name: /오류 행 1개/ })).toContainText('7행: 이메일을 형식에 맞게 입력해주세요.');
  await expectNothingRan(page, 'the address book\'s import report with payloads');
});

test('every payload as a notice or public title: the home page\'s lists, and the HTML the server writes for each post (head tags, first data)', async ({ page }) => {
  test.setTimeout(180_000);
  const { siteName } = await ok<SiteInfo>(await api.get('/api/site-setting/info'), 'GET /api/site-setting/info');
  const boards = [
    { code: 'notice', area: 'Nids', name: '공지사항' },
    { code: 'public', area: 'Reference', name: '공개자료' },
  ] as const;
  // As a browser opening the page asks for it (Sec-Fetch-Dest: document): a post's page then carries
  // the post's own answer in its first data too.
  const htmlOf = async (path: string) => {
    const response = await api.get(path, { headers: { 'sec-fetch-dest': 'document' } });
    expect(response.status(), `GET ${path}`).toBe(200);
    expect(response.headers()['content-type'], `GET ${path}`).toMatch(/^text\/html/);
    return response.text();
  };
  const write = async (code: string, title: string, content: string) =>
    ok<BoardItem>(await api.put(`/api/board-item/${code}`, { data: { title, content }, headers: auth() }), `PUT /api/board-item/${code}`);
  /** The server's description of a post: the start of its text (page-head.ts), else the board's name. */
  const descriptionOf = (item: BoardItem, boardName: string) => excerpt(htmlText(item.content).slice(0, 400)) || boardName;

  // A post of plain text on each board: the tags every post page has. Its own head holds only the
  // app's markup and the site's name (a payload since the site-facts test) as text.
  const plain = new Map<string, string>();
  for (const board of boards) {
    const item = await write(board.code, `평범한 글 ${board.code}`, '<p>평범한 본문입니다.</p>');
    const html = await htmlOf(paths.boardView(board.area, board.code, item.itemNo));
    expectInertServerHtml(html, html, { title: `${item.title} | ${siteName}`, ogTitle: item.title, description: descriptionOf(item, board.name), siteName, inFirstData: [item.title] }, `plain post on ${board.code}`);
    plain.set(board.code, html);
  }
  const homeSkeleton = markupSkeleton(await htmlOf('/'));
  const listSkeletons = new Map(await Promise.all(boards.map(async (b) => [b.code, markupSkeleton(await htmlOf(paths.boardList(b.area, b.code)))] as const)));

  // Titles of whole payloads, as many as fit in a title (200 characters with a marker), so the
  // corpus goes through in a few rounds of ten titles, five on each board (the home page lists each
  // board's newest five); the same text as the body too (the description tags).
  const marker = uniqueSuffix();
  const texts: string[][] = [];
  for (const p of XSS_PAYLOADS) {
    const last = texts.at(-1);
    if (last && [...last, p, `${marker}-000`].join(' ').length <= 200) last.push(p);
    else texts.push([p]);
  }
  const posts: { board: (typeof boards)[number]; item: BoardItem; payloads: string[] }[] = [];
  for (let from = 0; from < texts.length; from += 10) {
    const round = texts.slice(from, from + 10);
    const written: typeof posts = [];
    for (const [j, payloads] of round.entries()) {
      const board = boards[j < round.length / 2 ? 0 : 1];
      const title = `${payloads.join(' ')} ${marker}-${from + j}`;
      expect(title.length, 'a title of whole payloads').toBeLessThanOrEqual(200);
      const item = await write(board.code, title, `<p>${escapeMarkup(payloads.join(' '))}</p>`);
      written.push({ board, item, payloads });
    }
    posts.push(...written);
    const tag = `titles ${from + 1}-${from + round.length} of ${texts.length}`;
    await page.goto('/');
    const lists = page.locator('main .home-board__title');
    await expect(lists.first()).toBeVisible();
    const shown = await lists.allTextContents();
    expect(shown, `home, ${tag}`).toEqual(expect.arrayContaining(written.map((w) => w.item.title)));
    await expectNothingRan(page, `home with payload ${tag}`);
    // The same page and the lists as the server sends them: the titles are in their first data, as JSON.
    const home = await htmlOf('/');
    expectOwnMarkupOnly(home, `home HTML, ${tag}`);
    expect(markupSkeleton(home), `home HTML, ${tag}`).toEqual(homeSkeleton);
    expectInertFirstData(home, `home HTML, ${tag}`, written.map((w) => w.item.title));
    for (const board of boards) {
      const list = await htmlOf(paths.boardList(board.area, board.code));
      expectOwnMarkupOnly(list, `${board.code} list HTML, ${tag}`);
      expect(markupSkeleton(list), `${board.code} list HTML, ${tag}`).toEqual(listSkeletons.get(board.code));
      expectInertFirstData(list, `${board.code} list HTML`, written.filter((w) => w.board === board).map((w) => w.item.title));
    }
  }
  expect(posts.flatMap((p) => p.payloads), 'every payload in a title').toEqual(XSS_PAYLOADS);

  // Every post's page as the server sends it to a guest (a link preview, a search engine): the
  // title, description and Open Graph tags hold the payload as text, nothing else changed.
  for (const { board, item } of posts) {
    const html = await htmlOf(paths.boardView(board.area, board.code, item.itemNo));
    expectInertServerHtml(
      html,
      plain.get(board.code)!,
      { title: `${item.title} | ${siteName}`, ogTitle: item.title, description: descriptionOf(item, board.name), siteName, inFirstData: [item.title] },
      `post ${board.code}/${item.itemNo} (${item.title.slice(0, 40)})`,
    );
  }

  // A sample in Chromium: the titles that end the server's <title> or a <script>, or break out of
  // the quoted content of a meta tag (double or single quotes), on their own screen.
  const sample = [...new Set([/<\/title>/, /<\/script>/, /^"/, /^'/].map((pattern) => posts.find(({ payloads }) => payloads.some((p) => pattern.test(p)))!))];
  expect(sample.every(Boolean), 'breakout titles rendered in Chromium').toBe(true);
  for (const { board, item, payloads } of sample) {
    await page.goto(paths.boardView(board.area, board.code, item.itemNo));
    await expect(page.locator('main')).toContainText(item.title);
    await expect(page.locator('main .board-content')).toContainText(payloads.join(' '));
    await expectNothingRan(page, `post ${board.code}/${item.itemNo} in Chromium`);
  }
});
