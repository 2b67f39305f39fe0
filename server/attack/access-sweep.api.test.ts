import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemComment, BoardPermissionRoles } from '@contract';
import { boardItem, storedFile } from '../db/schema';
import { ADMIN_ACCESS } from '../auth/caller';
import { ROLE_ADMIN, seedBoards } from '../seed/base';
import { readAll } from '../modules/file/store';
import { codeAt } from '../modules/two-factor/totp';
import { confirmedKeyToken } from '../test/accounts';
import { createMember, multipartBody, pngBytes, storeFile, TEST_PASSWORD, uploadThroughApi, type TestMember } from '../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../test/harness';
import { tableOperations, type TableOperation } from '../test/routes';
import { tableDigest } from '../test/table-digest';
import { sessionToken } from '../test/tokens';

/**
 * Issue 12, the access sweep: every operation of the API that names a record in its path (users,
 * posts, secret posts, inquiries, comments, files, upload URLs, the address book, the console's
 * members, roles, boards and inquiries, two-factor reset) is tried by everyone who must not reach
 * member A's record there: another member (B), a guest, a member of a role with every board right
 * but `manage` (board staff), and an administrator whose role has ADMIN_Access but who is not the
 * system administrator (userType Member) where the route is the system administrator's. Each try
 * uses the route's methods with a body that would be accepted from someone allowed, and must be a
 * 401/403/404 `{ code, message }` (never a 2xx, never a 5xx; a 400 only where a row says the body
 * is what is refused: A's file attached to another post, A's spent upload URL) that shows nothing
 * of A's records (titles, bodies, addresses, file bytes), and no table may change
 * (server/test/table-digest.ts). The system administrator's operations without an id (site
 * settings, roles) are swept the same way (SYSTEM_ADMIN_ONLY).
 *
 * The sweep found that an administrator by role could change the system administrator's record,
 * password and e-mail address through the member calls (/api/user/...); server/modules/user/policy.ts
 * canChangeUser now refuses it.
 *
 * The operations and their access rules come from the endpoint table (contract/endpoints.ts, which
 * server/route-table.api.test.ts holds the app to), so a route with an id added later fails "every
 * operation with a path parameter has a row" until a row is added to ROUTES below, and a row
 * cannot let in someone its entry's access rule shuts out.
 * Where an actor legitimately may act (an ADMIN_Access administrator reading a member in the
 * console, members reading a members-only post), the row says so under `allowed` with the reason:
 * every row names every actor, refused or allowed.
 *
 * Access records have no operation with an id (their list and export are the console's, refused
 * to non-administrators in server/admin-guard.api.test.ts); here they are one of the tables that
 * must not change, so a refused call writes none.
 */

// A clock that stands still: an administrator's activity is written at most once a minute
// (server/auth/admin-idle.ts), which would otherwise change refresh_token in the middle of the sweep.
const clock = new TestClock();
let t: TestApp;
let operations: TableOperation[];

/**
 * Who tries:
 * - memberB: another member (role MEMBER);
 * - guest: no token;
 * - boardStaff: a member of role STAFF, which has list, read, write, comment and download on the
 *   community and inquiry boards but not manage, and no ADMIN_Access;
 * - staffAdmin: an administrator by role (ADMIN_Access, userType Member), not the system
 *   administrator: the "admin without the needed right" of the system administrator's routes.
 */
const actors = ['memberB', 'guest', 'boardStaff', 'staffAdmin'] as const;
type Actor = (typeof actors)[number];

/** What A owns, and the rest the sweep aims at; filled in beforeAll. */
interface Fixtures {
  owner: TestMember;
  systemAdminId: number;
  /** An administrator by role with a confirmed second factor (the two-factor reset's target). */
  enrolledAdmin: TestMember;
  secretPost: number;
  membersPost: number;
  inquiry: number;
  guestInquiry: number;
  commentOnMembersPost: number;
  commentOnSecretPost: number;
  /** A's image on the secret post (with a thumbnail). */
  secretImage: string;
  /** A's file on A's inquiry. */
  inquiryFile: string;
  /** A's upload not yet on a post. */
  pendingUpload: string;
  /** The upload URL A spent on `pendingUpload`. */
  spentUploadUrl: string;
  alumni: number;
  /** A pop-up notice staff made (issue 22). */
  popup: number;
  /** A confirmed CHANGE_KEY token for an address the intruder controls: a key change's valid body. */
  keyToken: string;
  /** A draft version of the privacy policy (issue 22): never public. */
  contentDraft: number;
}
let f: Fixtures;
const tokens = {} as Record<Actor | 'owner' | 'systemAdmin', string | undefined>;

// What must never show in a refusal: A's secret content and personal data.
const SECRET_TITLE = '주인의 비밀글 제목 7Q';
const SECRET_BODY = '주인의 비밀글 본문 7Q';
const SECRET_COMMENT = '비밀글에 단 주인의 댓글 7Q';
const MEMBERS_TITLE = '주인의 회원 전용 글 7Q';
const MEMBERS_COMMENT = '회원 글에 단 주인의 댓글 7Q';
const INQUIRY_TITLE = '주인의 문의 제목 7Q';
const INQUIRY_BODY = '주인의 문의 본문 7Q';
const INQUIRY_EMAIL = 'owner-inquiry-7q@example.com';
const INQUIRY_PHONE = '010-7777-7007';
const GUEST_INQUIRY_TITLE = '손님의 문의 제목 7Q';
const GUEST_INQUIRY_EMAIL = 'guest-inquiry-7q@example.com';
const OWNER_NAME = '한비밀';
const OWNER_EMAIL = 'owner-7q@example.com';
const OWNER_MOBILE = '010-7000-7777';
const ALUMNI_MEMO = '주소록 메모 7Q';
const INQUIRY_FILE_TEXT = '문의 첨부파일의 내용 7Q';
const PENDING_FILE_TEXT = '아직 글에 붙지 않은 파일 7Q';
const secretTexts = [
  SECRET_TITLE, SECRET_BODY, SECRET_COMMENT, MEMBERS_TITLE, MEMBERS_COMMENT, INQUIRY_TITLE, INQUIRY_BODY, INQUIRY_EMAIL, INQUIRY_PHONE,
  GUEST_INQUIRY_TITLE, GUEST_INQUIRY_EMAIL, OWNER_NAME, OWNER_EMAIL, OWNER_MOBILE, ALUMNI_MEMO, INQUIRY_FILE_TEXT, PENDING_FILE_TEXT,
];
/** The stored bytes of A's image and its thumbnail (read from the store in beforeAll). */
const secretBytes: Buffer[] = [];

type Payload = object | { multipart: { payload: Buffer; headers: Record<string, string> } };

interface Case {
  /** The record the case aims at, in words. */
  target: string;
  url: () => string;
  /** A body the route would accept from someone allowed. */
  payload?: () => Payload;
  refused: Actor[];
  /** Actors who legitimately may, and why: not refusal cases (every actor is in one of the two). */
  allowed?: Partial<Record<Actor, string>>;
  /** What a refusal may answer (default 401, 403 or 404). */
  statuses?: number[];
  /** GET only: who may read it, asked after the sweep to show the URL names a live record. */
  control?: 'owner' | 'systemAdmin';
}

interface Row {
  /** Who may, in words. */
  mayAct: string;
  cases: Case[];
}

const ADMINS_MANAGE = 'ADMIN_Access manages every board (server/modules/board/policy.ts canOnBoard)';
const CONSOLE = 'the console is every ADMIN_Access account\'s; each call is recorded in the access records';
const MEMBERS_READ = 'members read the members-only board';
const MY_PAGE_STAFF = 'an administrator reaches any member through the member calls, each call recorded (server/modules/user/my-page.ts)';

const post = (boardCode: string, itemNo: () => number) => () => `/api/board-item/${boardCode}/${itemNo()}`;
const edit = () => ({ title: '침입자의 제목', content: '<p>침입자의 본문</p>' });
const consoleOnly = (target: string, url: () => string, payload?: () => Payload, control?: Case['control']): Case => ({
  target,
  url,
  payload,
  refused: ['memberB', 'guest', 'boardStaff'],
  allowed: { staffAdmin: CONSOLE },
  control,
});
const publicPage = {
  memberB: 'a published page is public',
  guest: 'a published page is public',
  boardStaff: 'a published page is public',
  staffAdmin: 'a published page is public',
};
/** The admin role holds CONTENT_Manage (migration 0016), so the administrator by role may. */
const contentManagers = (target: string, url: () => string, payload?: () => Payload, control?: Case['control']): Case => ({
  target,
  url,
  payload,
  refused: ['memberB', 'guest', 'boardStaff'],
  allowed: { staffAdmin: 'the admin role holds CONTENT_Manage (migration 0016); each save is recorded' },
  control,
});
const everyoneRefused = (target: string, url: () => string, payload?: () => Payload, statuses?: number[]): Case => ({
  target,
  url,
  payload,
  refused: [...actors],
  statuses,
});
const privatePost = (target: string, url: () => string, payload?: () => Payload, control?: Case['control']): Case => ({
  target,
  url,
  payload,
  refused: ['memberB', 'guest', 'boardStaff'],
  allowed: { staffAdmin: ADMINS_MANAGE },
  control,
});

/**
 * The table: operation → who may → each record tried and who is refused. Keyed by the OpenAPI
 * document's `METHOD path`.
 */
const ROUTES: Record<string, Row> = {
  'GET /api/board/{boardCode}': {
    mayAct: 'everyone: a board\'s settings and the caller\'s own rights, no member\'s record',
    cases: [
      {
        target: 'the community board (where A\'s posts are)',
        url: () => '/api/board/community',
        refused: [],
        allowed: { memberB: 'public settings', guest: 'public settings (the menu and sign-in prompt need them)', boardStaff: 'public settings', staffAdmin: 'public settings' },
        control: 'owner',
      },
    ],
  },
  'GET /api/board-item/{boardCode}/{itemNo}': {
    mayAct: 'who may read the board; a secret post or an inquiry only its writer and the board\'s managers',
    cases: [
      privatePost('A\'s secret post', post('community', () => f.secretPost), undefined, 'owner'),
      {
        target: 'A\'s post on a members-only board',
        url: post('community', () => f.membersPost),
        refused: ['guest'],
        allowed: { memberB: MEMBERS_READ, boardStaff: MEMBERS_READ, staffAdmin: ADMINS_MANAGE },
        control: 'owner',
      },
      privatePost('A\'s inquiry', post('contactus', () => f.inquiry), undefined, 'owner'),
      privatePost('a guest\'s inquiry', post('contactus', () => f.guestInquiry), undefined, 'systemAdmin'),
    ],
  },
  'PATCH /api/board-item/{boardCode}/{itemNo}': {
    mayAct: 'the writer and the board\'s managers; an inquiry\'s answer only the managers',
    cases: [
      privatePost('A\'s secret post', post('community', () => f.secretPost), edit),
      privatePost('A\'s post on a members-only board', post('community', () => f.membersPost), edit),
      privatePost('A\'s inquiry', post('contactus', () => f.inquiry), () => ({ ...edit(), email: 'intruder@example.com' })),
      privatePost('the answer of A\'s inquiry', post('contactus', () => f.inquiry), () => ({ answer: '침입자의 답변' })),
      privatePost('a guest\'s inquiry', post('contactus', () => f.guestInquiry), edit),
    ],
  },
  'DELETE /api/board-item/{boardCode}/{itemNo}': {
    mayAct: 'the writer and the board\'s managers',
    cases: [
      privatePost('A\'s secret post', post('community', () => f.secretPost)),
      privatePost('A\'s post on a members-only board', post('community', () => f.membersPost)),
      privatePost('A\'s inquiry', post('contactus', () => f.inquiry)),
      privatePost('a guest\'s inquiry', post('contactus', () => f.guestInquiry)),
    ],
  },
  'PUT /api/board-item/{boardCode}': {
    mayAct: 'who has the board\'s write right; attachments only the caller\'s own uploads not yet on a post',
    cases: [
      {
        target: 'the members\' notice board (only administrators write)',
        url: () => '/api/board-item/memberNotice',
        payload: () => ({ title: '침입자의 공지', content: '<p>침입</p>' }),
        refused: ['memberB', 'guest', 'boardStaff'],
        allowed: { staffAdmin: ADMINS_MANAGE },
      },
      {
        target: 'A\'s image on the secret post, taken onto a new post',
        url: () => '/api/board-item/community',
        payload: () => ({ title: '남의 파일을 붙인 글', content: '<p>x</p>', files: [{ id: f.secretImage }] }),
        // Members and staff may write there, so the file is what is refused: 400 "not your file".
        refused: [...actors],
        statuses: [400, 401],
      },
      {
        target: 'A\'s upload not yet on a post, taken onto a new post',
        url: () => '/api/board-item/community',
        payload: () => ({ title: '남의 파일을 붙인 글', content: '<p>x</p>', files: [{ id: f.pendingUpload }] }),
        refused: [...actors],
        statuses: [400, 401],
      },
    ],
  },
  'GET /api/file/{id}': {
    mayAct: 'who may read (and, to download, download on) the post the file is on; before it is on a post, its uploader and administrators',
    cases: [
      privatePost('A\'s image on the secret post', () => `/api/file/${f.secretImage}`, undefined, 'owner'),
      privatePost('A\'s image on the secret post, downloaded', () => `/api/file/${f.secretImage}?download=true`, undefined, 'owner'),
      privatePost('the thumbnail of A\'s image on the secret post', () => `/api/file/${f.secretImage}?thumbnail=true`, undefined, 'owner'),
      privatePost('A\'s file on A\'s inquiry', () => `/api/file/${f.inquiryFile}?download=true`, undefined, 'owner'),
      {
        target: 'A\'s upload not yet on a post',
        url: () => `/api/file/${f.pendingUpload}`,
        refused: ['memberB', 'guest', 'boardStaff'],
        allowed: { staffAdmin: 'administrators see uploads not yet on a post (server/modules/file/routes.ts)' },
        control: 'owner',
      },
    ],
  },
  'GET /api/file/thumbnail/{id}': {
    mayAct: 'as the file itself',
    cases: [privatePost('the thumbnail of A\'s image on the secret post', () => `/api/file/thumbnail/${f.secretImage}`, undefined, 'owner')],
  },
  'POST /api/file/upload/{token}': {
    mayAct: 'whoever holds an unspent upload URL (it is the credential: issued to one member, single-use, 10 minutes); nobody once spent',
    cases: [
      everyoneRefused(
        'the upload URL A already spent',
        () => f.spentUploadUrl,
        () => ({ multipart: multipartBody('덮어쓰기.txt', Buffer.from('침입자의 파일\n'), { contentType: 'text/plain' }) }),
        [400],
      ),
    ],
  },
  'PUT /api/board-item-comment/{boardCode}/{itemNo}': {
    mayAct: 'who has the board\'s comment right and may read the post',
    cases: [
      privatePost('A\'s secret post', () => `/api/board-item-comment/community/${f.secretPost}`, () => ({ content: '침입자의 댓글' })),
      privatePost('A\'s inquiry (only managers comment)', () => `/api/board-item-comment/contactus/${f.inquiry}`, () => ({ content: '침입자의 답글' })),
    ],
  },
  'PATCH /api/board-item-comment/{boardCode}/{itemNo}/{commentId}': {
    mayAct: 'the comment\'s writer and the board\'s managers',
    cases: [
      privatePost('A\'s comment on a members-only post', () => `/api/board-item-comment/community/${f.membersPost}/${f.commentOnMembersPost}`, () => ({ content: '침입자의 수정' })),
      privatePost('A\'s comment on A\'s secret post', () => `/api/board-item-comment/community/${f.secretPost}/${f.commentOnSecretPost}`, () => ({ content: '침입자의 수정' })),
    ],
  },
  'DELETE /api/board-item-comment/{boardCode}/{itemNo}/{commentId}': {
    mayAct: 'the comment\'s writer and the board\'s managers',
    cases: [
      privatePost('A\'s comment on a members-only post', () => `/api/board-item-comment/community/${f.membersPost}/${f.commentOnMembersPost}`),
      privatePost('A\'s comment on A\'s secret post', () => `/api/board-item-comment/community/${f.secretPost}/${f.commentOnSecretPost}`),
    ],
  },
  'GET /api/board-item/download-data/{boardCode}': {
    mayAct: 'administrators (ADMIN_Access), with a reason, recorded',
    cases: [
      {
        target: 'the community board\'s list, A\'s secret post included',
        url: () => '/api/board-item/download-data/community?reason=%EC%A0%90%EA%B2%80',
        refused: ['memberB', 'guest', 'boardStaff'],
        allowed: { staffAdmin: 'exports are every administrator\'s, recorded' },
      },
    ],
  },
  'PATCH /api/alumni/{id}': {
    mayAct: 'administrators (the address book is the console\'s)',
    cases: [consoleOnly('A\'s address-book entry', () => `/api/alumni/${f.alumni}`, () => ({ memo: '침입자의 메모', email: 'intruder@example.com' }))],
  },
  'DELETE /api/alumni/{id}': {
    mayAct: 'administrators',
    cases: [consoleOnly('A\'s address-book entry', () => `/api/alumni/${f.alumni}`)],
  },
  'PATCH /api/admin/popup/{id}': {
    mayAct: 'staff with CONTENT_Manage (the admin role has it), each change recorded',
    cases: [consoleOnly('a pop-up notice', () => `/api/admin/popup/${f.popup}`, () => ({ title: '침입자의 팝업', linkUrl: 'https://intruder.example/' }))],
  },
  'DELETE /api/admin/popup/{id}': {
    mayAct: 'staff with CONTENT_Manage, recorded',
    cases: [consoleOnly('a pop-up notice', () => `/api/admin/popup/${f.popup}`)],
  },
  'GET /api/admin/users/{id}': {
    mayAct: 'administrators, recorded',
    cases: [consoleOnly('A\'s member record', () => `/api/admin/users/${f.owner.id}`, undefined, 'systemAdmin')],
  },
  'POST /api/admin/users/{id}/reveal': {
    mayAct: 'administrators, recorded with the reason',
    cases: [consoleOnly('A\'s member record, unmasked', () => `/api/admin/users/${f.owner.id}/reveal`, () => ({ reason: '점검' }))],
  },
  'PATCH /api/admin/users/{id}/role': {
    mayAct: 'administrators; nobody changes the system administrator\'s role',
    cases: [
      consoleOnly('A\'s role (to ADMIN)', () => `/api/admin/users/${f.owner.id}/role`, () => ({ roleCode: ROLE_ADMIN })),
      everyoneRefused('the system administrator\'s role', () => `/api/admin/users/${f.systemAdminId}/role`, () => ({ roleCode: 'MEMBER' })),
    ],
  },
  'POST /api/admin/users/{id}/lock': {
    mayAct: 'administrators; nobody locks the system administrator',
    cases: [
      consoleOnly('A\'s account', () => `/api/admin/users/${f.owner.id}/lock`),
      everyoneRefused('the system administrator\'s account', () => `/api/admin/users/${f.systemAdminId}/lock`),
    ],
  },
  'POST /api/admin/users/{id}/unlock': {
    mayAct: 'administrators',
    cases: [consoleOnly('A\'s account', () => `/api/admin/users/${f.owner.id}/unlock`)],
  },
  'POST /api/admin/users/{id}/clear-lockout': {
    mayAct: 'administrators',
    cases: [consoleOnly('A\'s account', () => `/api/admin/users/${f.owner.id}/clear-lockout`)],
  },
  'POST /api/admin/users/{id}/sign-out': {
    mayAct: 'administrators; only the system administrator ends its own sign-ins',
    cases: [
      consoleOnly('A\'s sign-ins', () => `/api/admin/users/${f.owner.id}/sign-out`),
      everyoneRefused('the system administrator\'s sign-ins', () => `/api/admin/users/${f.systemAdminId}/sign-out`),
    ],
  },
  'POST /api/admin/users/{id}/retire': {
    mayAct: 'administrators; nobody retires the system administrator',
    cases: [
      consoleOnly('A\'s account', () => `/api/admin/users/${f.owner.id}/retire`, () => ({ reason: '점검' })),
      everyoneRefused('the system administrator\'s account', () => `/api/admin/users/${f.systemAdminId}/retire`, () => ({ reason: '점검' })),
    ],
  },
  'POST /api/admin/users/{id}/two-factor-reset': {
    mayAct: 'the system administrator only (userType Admin)',
    cases: [everyoneRefused('the second factor of an administrator who has one', () => `/api/admin/users/${f.enrolledAdmin.id}/two-factor-reset`)],
  },
  'PATCH /api/admin/roles/{roleCode}': {
    mayAct: 'the system administrator only',
    cases: [
      everyoneRefused('A\'s role, MEMBER (given ADMIN_Access)', () => '/api/admin/roles/MEMBER', () => ({ name: '침입자의 권한', permissions: ['MEMBER_Access', ADMIN_ACCESS] })),
    ],
  },
  'GET /api/admin/boards/{boardCode}': {
    mayAct: 'administrators',
    cases: [consoleOnly('the community board\'s settings', () => '/api/admin/boards/community', undefined, 'systemAdmin')],
  },
  'PATCH /api/admin/boards/{boardCode}': {
    mayAct: 'administrators',
    cases: [
      consoleOnly('the community board\'s rights (guests given manage)', () => '/api/admin/boards/community', () => ({
        permissions: { list: ['GUEST'], read: ['GUEST'], write: ['GUEST'], comment: ['GUEST'], download: ['GUEST'], manage: ['GUEST', 'MEMBER'] },
      })),
    ],
  },
  'GET /api/admin/inquiries/{itemNo}': {
    mayAct: 'administrators, recorded',
    cases: [consoleOnly('A\'s inquiry with its contact details', () => `/api/admin/inquiries/${f.inquiry}`, undefined, 'systemAdmin')],
  },
  'PATCH /api/admin/inquiries/{itemNo}': {
    mayAct: 'administrators, recorded',
    cases: [consoleOnly('A\'s inquiry\'s status and answer', () => `/api/admin/inquiries/${f.inquiry}`, () => ({ status: 'DONE', answer: '침입자의 답변' }))],
  },
  'GET /api/user/{id}': {
    mayAct: 'the member; administrators, recorded',
    cases: [
      { target: 'A\'s record', url: () => `/api/user/${f.owner.id}`, refused: ['memberB', 'guest', 'boardStaff'], allowed: { staffAdmin: MY_PAGE_STAFF }, control: 'owner' },
    ],
  },
  'GET /api/user/{id}/activity': {
    mayAct: 'the member; administrators, recorded (server/modules/member-activity)',
    cases: (['posts', 'comments', 'inquiries'] as const).map((type): Case => ({
      target: `A's ${type} (secret post and inquiry titles)`,
      url: () => `/api/user/${f.owner.id}/activity?type=${type}`,
      refused: ['memberB', 'guest', 'boardStaff'],
      allowed: { staffAdmin: MY_PAGE_STAFF },
      control: 'owner',
    })),
  },
  'PATCH /api/user/{id}': {
    mayAct: 'the member; administrators, recorded; the system administrator\'s own record only itself',
    cases: [
      { target: 'A\'s record', url: () => `/api/user/${f.owner.id}`, payload: () => ({ name: '침입자' }), refused: ['memberB', 'guest', 'boardStaff'], allowed: { staffAdmin: MY_PAGE_STAFF } },
      everyoneRefused('the system administrator\'s record', () => `/api/user/${f.systemAdminId}`, () => ({ name: '침입자' })),
    ],
  },
  'POST /api/user/change-password/{id}': {
    mayAct: 'the member with their password; administrators with theirs, recorded; the system administrator\'s only itself',
    cases: [
      {
        target: 'A\'s password',
        url: () => `/api/user/change-password/${f.owner.id}`,
        // The caller's own password: every actor's is TEST_PASSWORD, so only the right to do it is missing.
        payload: () => ({ currentPassword: TEST_PASSWORD, password: 'Intrude!r42x', passwordConfirm: 'Intrude!r42x' }),
        refused: ['memberB', 'guest', 'boardStaff'],
        allowed: { staffAdmin: MY_PAGE_STAFF },
      },
      everyoneRefused('the system administrator\'s password', () => `/api/user/change-password/${f.systemAdminId}`, () => ({
        currentPassword: TEST_PASSWORD,
        password: 'Intrude!r42x',
        passwordConfirm: 'Intrude!r42x',
      })),
    ],
  },
  'POST /api/user/change-user-key/{id}': {
    mayAct: 'the member with their password; administrators with theirs, recorded; the system administrator\'s only itself',
    cases: [
      {
        target: 'A\'s e-mail address (to one the intruder confirmed)',
        url: () => `/api/user/change-user-key/${f.owner.id}`,
        payload: () => ({ userKeyType: 'EMAIL', userKeyCode: 'intruder-7q@example.com', userKeyToken: f.keyToken, currentPassword: TEST_PASSWORD }),
        refused: ['memberB', 'guest', 'boardStaff'],
        allowed: { staffAdmin: MY_PAGE_STAFF },
      },
      everyoneRefused('the system administrator\'s e-mail address (then a password reset to it)', () => `/api/user/change-user-key/${f.systemAdminId}`, () => ({
        userKeyType: 'EMAIL',
        userKeyCode: 'intruder-7q@example.com',
        userKeyToken: f.keyToken,
        currentPassword: TEST_PASSWORD,
      })),
    ],
  },
  // Issue 22: the content pages. Public reads name a page, never a member's record; the console's
  // calls need CONTENT_Manage, which the admin role holds (migration 0016).
  'GET /api/content/{code}': {
    mayAct: 'everyone: a published page (drafts and future versions only to CONTENT_Manage)',
    cases: [
      { target: 'the privacy policy', url: () => '/api/content/privacy', refused: [], allowed: publicPage, control: 'owner' },
      {
        target: 'a draft of the privacy policy (only CONTENT_Manage reads drafts)',
        url: () => `/api/content/privacy?version=${f.contentDraft}`,
        refused: ['memberB', 'guest', 'boardStaff'],
        allowed: { staffAdmin: 'the admin role holds CONTENT_Manage (migration 0016): the console\'s preview' },
        statuses: [404],
      },
    ],
  },
  'GET /api/content/{code}/versions': {
    mayAct: 'everyone: the published versions of a page',
    cases: [{ target: 'the privacy policy\'s history', url: () => '/api/content/privacy/versions', refused: [], allowed: publicPage, control: 'owner' }],
  },
  'PUT /api/admin/content/{code}': {
    mayAct: 'administrators with CONTENT_Manage',
    cases: [
      contentManagers('the privacy policy (replaced)', () => '/api/admin/content/privacy', () => ({
        baseVersion: f.contentDraft, title: '침입자의 방침', body: { type: 'html', html: '<p>침입자</p>' }, publish: 'now',
      })),
    ],
  },
  'GET /api/admin/content/{code}/versions': {
    mayAct: 'administrators with CONTENT_Manage',
    cases: [contentManagers('the privacy policy\'s versions, drafts too', () => '/api/admin/content/privacy/versions', undefined, 'systemAdmin')],
  },
  'GET /api/admin/content/{code}/versions/{version}': {
    mayAct: 'administrators with CONTENT_Manage',
    cases: [contentManagers('a draft of the privacy policy', () => `/api/admin/content/privacy/versions/${f.contentDraft}`, undefined, 'systemAdmin')],
  },
  'POST /api/admin/content/{code}/versions/{version}/restore': {
    mayAct: 'administrators with CONTENT_Manage',
    cases: [contentManagers('the privacy policy\'s first version (restored over the current)', () => '/api/admin/content/privacy/versions/1/restore', () => ({}))],
  },
};

/**
 * The system administrator's operations without an id (spec §6: userType Admin): not found by the
 * path-parameter sweep, so their bodies are given here; which they are is the table's (`systemAdmin`).
 */
const SYSTEM_ADMIN_ONLY: Record<string, { url: string; payload?: () => object }> = {
  'GET /api/admin/site-setting': { url: '/api/admin/site-setting' },
  'PATCH /api/site-setting': { url: '/api/site-setting', payload: () => ({ useCapcha: true, roleCodeForGuest: ROLE_ADMIN }) },
  'GET /api/admin/roles': { url: '/api/admin/roles' },
  'PUT /api/admin/roles': { url: '/api/admin/roles', payload: () => ({ roleCode: 'INTRUDER', name: '침입자', permissions: [ADMIN_ACCESS] }) },
};

const keyOf = (op: Pick<TableOperation, 'method' | 'path'>) => `${op.method} ${op.path}`;

function send(method: string, url: string, token: string | undefined, payload?: Payload) {
  const headers = t.auth(token);
  if (payload && 'multipart' in payload) {
    return t.app.inject({ method: method as 'POST', url, headers: { ...headers, ...payload.multipart.headers }, payload: payload.multipart.payload });
  }
  return t.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
}

/** Why an answer is not a proper refusal, or null when it is one. */
function badRefusal(res: LightMyRequestResponse, statuses: number[]): string | null {
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const shown = json ? res.body.slice(0, 200) : `${String(res.headers['content-type'])}, ${res.rawPayload.length} bytes`;
  if (!statuses.includes(res.statusCode)) return `answered ${res.statusCode}, expected one of ${statuses.join('/')}: ${shown}`;
  let envelope: Record<string, unknown>;
  try {
    envelope = body(res);
  } catch {
    return `not JSON: ${shown}`;
  }
  if (Object.keys(envelope).sort().join(',') !== 'code,message') return `not the { code, message } envelope: ${res.body.slice(0, 200)}`;
  if (typeof envelope.code !== 'string' || envelope.code === 'SUCCESS' || typeof envelope.message !== 'string') return `a bad envelope: ${res.body.slice(0, 200)}`;
  for (const text of secretTexts) if (res.body.includes(text)) return `shows "${text}"`;
  for (const bytes of secretBytes) if (res.rawPayload.includes(bytes)) return 'sends the bytes of A\'s file';
  return null;
}

async function boardWithStaff(boardCode: string): Promise<BoardPermissionRoles> {
  const seeded = seedBoards.find((b) => b.boardCode === boardCode)!.permissions as BoardPermissionRoles;
  const plus = (roles: string[]) => [...roles, 'STAFF'];
  return { list: plus(seeded.list), read: plus(seeded.read), write: plus(seeded.write), comment: plus(seeded.comment), download: plus(seeded.download), manage: seeded.manage };
}

beforeAll(async () => {
  t = await createTestApp({
    clock,
    // Nothing may change the tables behind the sweep's back (buffered views, housekeeping).
    env: { VIEW_FLUSH_SECONDS: '3600', HOUSEKEEPING_INTERVAL_MINUTES: '0' },
  });
  operations = tableOperations();
  const as = (token: string | undefined) => t.auth(token);
  const admin = t.tokens.admin;
  tokens.systemAdmin = admin;

  // Board staff: a role with every right but manage on the member boards (made as the console does).
  data(await send('PUT', '/api/admin/roles', admin, { roleCode: 'STAFF', name: '게시판 도우미', permissions: ['MEMBER_Access'] }));
  for (const boardCode of ['community', 'contactus']) {
    data(await send('PATCH', `/api/admin/boards/${boardCode}`, admin, { permissions: await boardWithStaff(boardCode) }));
  }

  const owner = await createMember(t.db, { name: OWNER_NAME, email: OWNER_EMAIL, mobile: OWNER_MOBILE });
  const memberB = await createMember(t.db, { name: '남회원' });
  const boardStaff = await createMember(t.db, { name: '도우미', roleCode: 'STAFF' });
  const staffAdmin = await createMember(t.db, { name: '부관리', roleCode: ROLE_ADMIN });
  const enrolledAdmin = await createMember(t.db, { name: '인증관리', roleCode: ROLE_ADMIN });
  const now = clock.now();
  tokens.owner = await sessionToken(t.db, t.keys, owner.id, now);
  tokens.memberB = await sessionToken(t.db, t.keys, memberB.id, now);
  tokens.boardStaff = await sessionToken(t.db, t.keys, boardStaff.id, now);
  tokens.staffAdmin = await sessionToken(t.db, t.keys, staffAdmin.id, now);
  tokens.guest = undefined;

  // A second factor for the reset's target, enrolled as the console does.
  const enrolledToken = await sessionToken(t.db, t.keys, enrolledAdmin.id, now);
  const { secret } = data<{ secret: string }>(await send('POST', '/api/admin/two-factor/enrolment', enrolledToken, { password: TEST_PASSWORD }));
  data(await send('POST', '/api/admin/two-factor/confirmation', enrolledToken, { code: codeAt(secret, now) }));

  // A's records, made through the API as A.
  const image = await uploadThroughApi(t.app, as(tokens.owner), { fileName: '비밀-사진.png', data: await pngBytes(), boardCode: 'community', contentType: 'image/png' });
  const secretImage = data<{ id: string }>(image.uploadRes!).id;
  const pending = await uploadThroughApi(t.app, as(tokens.owner), { fileName: '대기-파일.txt', data: Buffer.from(`${PENDING_FILE_TEXT}\n`), contentType: 'text/plain' });
  const pendingUpload = data<{ id: string }>(pending.uploadRes!).id;

  const put = async <T>(url: string, token: string | undefined, payload: object) => data<T>(await send('PUT', url, token, payload));
  const secretPost = await put<BoardItem>('/api/board-item/community', tokens.owner, {
    title: SECRET_TITLE, content: `<p>${SECRET_BODY}</p>`, isSecret: true, files: [{ id: secretImage }],
  });
  const membersPost = await put<BoardItem>('/api/board-item/community', tokens.owner, { title: MEMBERS_TITLE, content: '<p>회원 모두에게</p>' });
  const commentOnMembersPost = await put<BoardItemComment>(`/api/board-item-comment/community/${membersPost.itemNo}`, tokens.owner, { content: MEMBERS_COMMENT });
  const commentOnSecretPost = await put<BoardItemComment>(`/api/board-item-comment/community/${secretPost.itemNo}`, tokens.owner, { content: SECRET_COMMENT });
  const inquiry = await put<BoardItem>('/api/board-item/contactus', tokens.owner, {
    title: INQUIRY_TITLE, content: `<p>${INQUIRY_BODY}</p>`, email: INQUIRY_EMAIL, phone: INQUIRY_PHONE, agree: true, files: [],
  });
  const guestInquiry = await put<BoardItem>('/api/board-item/contactus', undefined, {
    title: GUEST_INQUIRY_TITLE, content: '<p>손님의 문의 본문</p>', name: '손님', email: GUEST_INQUIRY_EMAIL, agree: true, files: [],
  });
  const [inquiryRow] = await t.db
    .select({ id: boardItem.id })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, 'contactus'), eq(boardItem.itemNo, inquiry.itemNo)));
  const inquiryFile = await storeFile(t.app, t.db, {
    originalName: '문의-첨부.txt', contentType: 'text/plain', data: Buffer.from(`${INQUIRY_FILE_TEXT}\n`), boardItemId: inquiryRow!.id, createdBy: owner.id,
  });
  // The address book is the console's: an administrator keeps A's entry.
  const { id: alumni } = await put<{ id: number }>('/api/alumni', admin, {
    name: OWNER_NAME, organization: '시험병원', email: OWNER_EMAIL, phone: OWNER_MOBILE, memo: ALUMNI_MEMO,
  });
  const keyToken = await confirmedKeyToken(t, 'EMAIL', 'intruder-7q@example.com', 'CHANGE_KEY');
  const { id: popup } = await put<{ id: number }>('/api/admin/popup', admin, {
    title: '점검 안내', body: '<p>점검합니다.</p>', startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), screen: 'home',
  });
  // A draft of the privacy policy (issue 22), saved as the console does.
  const { version: contentDraft } = await put<{ version: number }>('/api/admin/content/privacy', admin, {
    baseVersion: 1, title: '개인정보처리방침 초안', body: { type: 'html', html: '<p>초안</p>' }, publish: 'draft',
  });

  const [stored] = await t.db.select().from(storedFile).where(eq(storedFile.id, secretImage));
  expect(stored!.thumbnailName, 'uploaded images have a thumbnail').toBeTruthy();
  for (const name of [stored!.storedName, stored!.thumbnailName!]) secretBytes.push((await readAll(t.app.deps.files, name))!);

  f = {
    owner,
    systemAdminId: t.users.admin,
    enrolledAdmin,
    secretPost: secretPost.itemNo,
    membersPost: membersPost.itemNo,
    inquiry: inquiry.itemNo,
    guestInquiry: guestInquiry.itemNo,
    commentOnMembersPost: commentOnMembersPost.id,
    commentOnSecretPost: commentOnSecretPost.id,
    secretImage,
    inquiryFile: inquiryFile.id,
    pendingUpload,
    spentUploadUrl: image.uploadUrl!,
    alumni,
    popup,
    keyToken,
    contentDraft,
  };
});

afterAll(async () => {
  await t?.close();
});

describe('the access sweep over every operation with an id', () => {
  it('every operation with a path parameter has a row, and every row is an operation', () => {
    const withId = operations.filter((op) => op.pathParams.length > 0).map(keyOf);
    expect(withId.length).toBeGreaterThanOrEqual(30);
    const missing = withId.filter((key) => !(key in ROUTES));
    expect(
      missing,
      `add a row to ROUTES in server/attack/access-sweep.api.test.ts for each of these (who may, which record of member A to try, who is refused): ${missing.join('; ')}`,
    ).toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !withId.includes(key));
    expect(stale, 'rows for operations the API no longer has').toEqual([]);
    const systemAdminOnly = operations.filter((op) => op.pathParams.length === 0 && op.entry.access.kind === 'systemAdmin').map(keyOf);
    expect(Object.keys(SYSTEM_ADMIN_ONLY).sort()).toEqual(systemAdminOnly.sort());
  });

  it('no row lets in an actor the entry\'s access rule shuts out', () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const row = ROUTES[keyOf(op)];
      if (!row) continue;
      const { access } = op.entry;
      // Who the rule itself refuses, before any record is looked at.
      const shutOut: Actor[] =
        access.kind === 'systemAdmin' ? ['memberB', 'guest', 'boardStaff', 'staffAdmin']
          : access.kind === 'admin' || access.kind === 'enrolling' ? ['memberB', 'guest', 'boardStaff']
            : access.kind === 'member' ? ['guest']
              : [];
      for (const c of row.cases) {
        for (const actor of shutOut) if (c.allowed?.[actor] !== undefined) wrong.push(`${keyOf(op)} on ${c.target}: ${actor} allowed`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every row names every actor, as refused or allowed with a reason', () => {
    for (const [key, row] of Object.entries(ROUTES)) {
      expect(row.cases.length, key).toBeGreaterThan(0);
      for (const c of row.cases) {
        const allowed = Object.keys(c.allowed ?? {});
        expect([...c.refused, ...allowed].sort(), `${key}, ${c.target}`).toEqual([...actors].sort());
        for (const reason of Object.values(c.allowed ?? {})) expect(reason.length, `${key}, ${c.target}`).toBeGreaterThan(5);
        if (c.control) expect(key.startsWith('GET '), `${key}: controls are reads`).toBe(true);
      }
    }
  });

  it('refuses every actor without the right on each of A\'s records, shows nothing of them, and changes nothing', async () => {
    const wrong: string[] = [];
    let asked = 0;
    let before = await tableDigest(t.database.raw);
    for (const [key, row] of Object.entries(ROUTES)) {
      const method = key.slice(0, key.indexOf(' '));
      for (const c of row.cases) {
        for (const actor of c.refused) {
          const res = await send(method, c.url(), tokens[actor], c.payload?.());
          asked += 1;
          const label = `${key} on ${c.target} by ${actor}`;
          const problem = badRefusal(res, c.statuses ?? [401, 403, 404]);
          if (problem) wrong.push(`${label}: ${problem}`);
          const after = await tableDigest(t.database.raw);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length) wrong.push(`${label}: changed ${changed.join(', ')}`);
          before = after;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(asked).toBeGreaterThanOrEqual(100);
  });

  it('a guest is asked to sign in (401) or told "not found" (404), never refused as a member is (403)', async () => {
    const notAsked: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      const method = key.slice(0, key.indexOf(' '));
      for (const c of row.cases) {
        if (!c.refused.includes('guest') || c.statuses) continue;
        const res = await send(method, c.url(), undefined, c.payload?.());
        if (res.statusCode !== 401 && res.statusCode !== 404) notAsked.push(`${key} on ${c.target}: ${res.statusCode}`);
      }
    }
    expect(notAsked).toEqual([]);
  });

  it('the system administrator\'s operations without an id are refused to everyone else, an ADMIN_Access administrator included', async () => {
    const wrong: string[] = [];
    let before = await tableDigest(t.database.raw);
    for (const [key, op] of Object.entries(SYSTEM_ADMIN_ONLY)) {
      const method = key.slice(0, key.indexOf(' '));
      for (const actor of actors) {
        const res = await send(method, op.url, tokens[actor], op.payload?.());
        const problem = badRefusal(res, [401, 403]);
        if (problem) wrong.push(`${key} by ${actor}: ${problem}`);
        const after = await tableDigest(t.database.raw);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length) wrong.push(`${key} by ${actor}: changed ${changed.join(', ')}`);
        before = after;
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the records were there to refuse: whoever may read each one reads it (200)', async () => {
    // After the sweep (these reads write access records): a refusal above was not a wrong URL's 404.
    const failed: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      for (const c of row.cases) {
        if (!c.control) continue;
        const res = await send('GET', c.url(), tokens[c.control]);
        if (res.statusCode !== 200) failed.push(`${key} on ${c.target} by ${c.control}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failed).toEqual([]);
    const secret = data<BoardItem>(await send('GET', `/api/board-item/community/${f.secretPost}`, tokens.owner));
    expect(secret.title).toBe(SECRET_TITLE);
  });
});
