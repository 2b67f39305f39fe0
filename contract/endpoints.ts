import type { BoardAction } from './board-values';
import { boardMessages } from './board-messages';

/**
 * Every API route once (issue 21, docs/decisions/0023-endpoint-table.md): its method, its path,
 * who may call it (`access`) and what a cache may keep of its answer (`answer`). The server
 * registers its routes from these entries (server/route.ts) and enforces both rules from them in
 * one hook each (server/auth/access.ts, server/private-answers.ts); the access sweep and the
 * OpenAPI document come from them too. Renaming a route here renames it everywhere, its
 * protection and caching with it.
 *
 * Plain declarations, no zod: the web app's screens may import them without loading a schema.
 * The schemas of each entry (params, query, body, answers) are in contract/endpoint-schemas.ts,
 * keyed by the same `id`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The permission that opens the console (server/auth/caller.ts ADMIN_ACCESS). */
export type AdminPermission = 'ADMIN_Access';

/**
 * Who may call a route. Every rule but `tokenBlind` also refuses a bad bearer token (401), guests'
 * routes included: a client must learn its token is no longer good.
 *
 * - `anyone`: guests included (what the answer shows may still depend on who asks);
 * - `member`: a signed-in caller; whose record they reach is the service's rule (a guest: 401);
 * - `board`: whoever the board's permissions allow `action` (server/modules/board/policy.ts);
 *   the board is named by the request, so the service checks it, after the board is read;
 * - `admin`: a caller with `permission`. On a `console` route (the console and the address book)
 *   a call from outside ADMIN_ALLOWED_IPS is refused first (403), a guest gets 401, anyone
 *   else 403, and an administrator who must enrol a second factor first 403 `TWO_FACTOR_SETUP_REQUIRED`;
 * - `systemAdmin`: a console route of the system administrator only (userType Admin, spec §6);
 * - `enrolling`: a console route an administrator who must enrol a second factor may also call;
 * - `tokenBlind`: never looks at the bearer token, whatever it is (sign-out carries its own
 *   credential, the refresh token, and must work when the access token has expired).
 *
 * `refuse` gives the sentence of a refusal where the route's own differs from the common one.
 */
export type Access =
  | { kind: 'anyone' }
  | { kind: 'member'; refuse?: { guest?: string } }
  | { kind: 'board'; action: BoardAction }
  | { kind: 'admin'; permission: AdminPermission; console: boolean; refuse?: { member?: string } }
  | { kind: 'systemAdmin' }
  | { kind: 'enrolling' }
  | { kind: 'tokenBlind' };

/**
 * What a cache may keep of an answer (issue 12). Whatever the rule, an answer to a request that
 * carries credentials (a bearer token, the file cookie) is `private, no-store`.
 *
 * - `noStore`: every answer `private, no-store`, whoever asks: personal data, tokens, the console,
 *   and every write;
 * - `guestCache`: guests' answers come from the board cache with an ETag and `no-cache`
 *   (server/modules/board/http-cache.ts), signed-in callers' are `private, no-store`; the entries
 *   named (by id) in `invalidatedBy` drop the cached answers they change, on every instance
 *   (a test checks each names an entry);
 * - `maxAge`: a successful answer may be kept `seconds` by the caller's own cache (`private`) or
 *   any cache (`public`);
 * - `shared`: the same for every guest and no header of its own.
 */
export type Answer =
  | { kind: 'noStore' }
  | { kind: 'guestCache'; invalidatedBy: readonly string[] }
  | { kind: 'maxAge'; seconds: number; scope: 'private' | 'public' }
  | { kind: 'shared' };

export interface EndpointDeclaration {
  method: HttpMethod;
  /** Fastify's pattern: `:name` for a path parameter. */
  path: string;
  access: Access;
  answer: Answer;
}

export interface Endpoint extends EndpointDeclaration {
  /** `resource.name`, the key of its schemas in contract/endpoint-schemas.ts. */
  id: EndpointId;
}

const anyone: Access = { kind: 'anyone' };
const member: Access = { kind: 'member' };
const board = (action: BoardAction): Access => ({ kind: 'board', action });
const consoleAdmin: Access = { kind: 'admin', permission: 'ADMIN_Access', console: true };
const systemAdmin: Access = { kind: 'systemAdmin' };
const enrolling: Access = { kind: 'enrolling' };
const noStore: Answer = { kind: 'noStore' };
const shared: Answer = { kind: 'shared' };

/** What changes a board's cached guest answers: its posts, their comments, the board's settings, the site's. */
const boardWrites = [
  'boardItem.create', 'boardItem.update', 'boardItem.remove', 'comment.create', 'comment.remove',
  'adminBoard.create', 'adminBoard.update', 'siteSetting.update',
] as const;
const guestCache = (...invalidatedBy: string[]): Answer => ({ kind: 'guestCache', invalidatedBy });

const declarations = {
  siteSetting: {
    info: { method: 'GET', path: '/api/site-setting/info', access: anyone, answer: shared },
    authentication: { method: 'GET', path: '/api/site-setting/authentication', access: anyone, answer: shared },
    forAdmin: { method: 'GET', path: '/api/admin/site-setting', access: systemAdmin, answer: noStore },
    update: { method: 'PATCH', path: '/api/site-setting', access: systemAdmin, answer: noStore },
  },
  board: {
    menu: { method: 'GET', path: '/api/board', access: anyone, answer: guestCache('adminBoard.create', 'adminBoard.update', 'siteSetting.update') },
    get: { method: 'GET', path: '/api/board/:boardCode', access: anyone, answer: guestCache('adminBoard.create', 'adminBoard.update', 'siteSetting.update') },
  },
  boardItem: {
    list: { method: 'GET', path: '/api/board-item', access: board('list'), answer: guestCache(...boardWrites) },
    // A POST: never kept by a cache, though guests' answers come from the board cache.
    search: { method: 'POST', path: '/api/board-item/search', access: board('list'), answer: noStore },
    view: { method: 'GET', path: '/api/board-item/:boardCode/:itemNo', access: board('read'), answer: guestCache(...boardWrites) },
    create: { method: 'PUT', path: '/api/board-item/:boardCode', access: board('write'), answer: noStore },
    update: { method: 'PATCH', path: '/api/board-item/:boardCode/:itemNo', access: board('write'), answer: noStore },
    remove: { method: 'DELETE', path: '/api/board-item/:boardCode/:itemNo', access: board('write'), answer: noStore },
    exportData: {
      method: 'GET',
      path: '/api/board-item/download-data/:boardCode',
      access: { kind: 'admin', permission: 'ADMIN_Access', console: false, refuse: { member: boardMessages.exportAdminsOnly } },
      answer: noStore,
    },
    editorImage: { method: 'PUT', path: '/api/board-item/images', access: { kind: 'member', refuse: { guest: boardMessages.uploadLoginRequired } }, answer: noStore },
  },
  comment: {
    list: { method: 'GET', path: '/api/board-item-comment', access: board('read'), answer: shared },
    create: { method: 'PUT', path: '/api/board-item-comment/:boardCode/:itemNo', access: board('comment'), answer: noStore },
    update: { method: 'PATCH', path: '/api/board-item-comment/:boardCode/:itemNo/:commentId', access: board('comment'), answer: noStore },
    remove: { method: 'DELETE', path: '/api/board-item-comment/:boardCode/:itemNo/:commentId', access: board('comment'), answer: noStore },
  },
  file: {
    // A file follows its post: read (and download) rights on the post's board, the file cookie counting as a token.
    get: { method: 'GET', path: '/api/file/:id', access: board('read'), answer: { kind: 'maxAge', seconds: 300, scope: 'private' } },
    thumbnail: { method: 'GET', path: '/api/file/thumbnail/:id', access: board('read'), answer: { kind: 'maxAge', seconds: 300, scope: 'private' } },
    uploadUrl: { method: 'GET', path: '/api/file/upload-url', access: { kind: 'member', refuse: { guest: boardMessages.uploadLoginRequired } }, answer: noStore },
    boardUploadUrl: {
      method: 'GET',
      path: '/api/board-item-file/upload-url',
      access: { kind: 'member', refuse: { guest: boardMessages.uploadLoginRequired } },
      answer: noStore,
    },
    // The upload URL's token is the credential: it was given to a member (or an administrator).
    upload: { method: 'POST', path: '/api/file/upload/:token', access: anyone, answer: noStore },
  },
  captcha: {
    challenge: { method: 'GET', path: '/api/captcha', access: anyone, answer: noStore },
  },
  userKey: {
    checkExists: { method: 'POST', path: '/api/user-key/check-exists', access: anyone, answer: noStore },
    check: { method: 'POST', path: '/api/user-key/check', access: anyone, answer: noStore },
    confirm: { method: 'POST', path: '/api/user-key/confirm', access: anyone, answer: noStore },
  },
  session: {
    signin: { method: 'POST', path: '/api/user/signin', access: anyone, answer: noStore },
    refresh: { method: 'POST', path: '/api/user/signin-by-refresh-token', access: anyone, answer: noStore },
    signout: { method: 'POST', path: '/api/user/signout', access: { kind: 'tokenBlind' }, answer: noStore },
  },
  user: {
    signup: { method: 'POST', path: '/api/user/signup', access: anyone, answer: noStore },
    findId: { method: 'POST', path: '/api/user/find-id', access: anyone, answer: noStore },
    resetPasswordToken: { method: 'POST', path: '/api/user/reset-password-token', access: anyone, answer: noStore },
    resetPassword: { method: 'POST', path: '/api/user/reset-password', access: anyone, answer: noStore },
    retire: { method: 'POST', path: '/api/user/retire', access: member, answer: noStore },
    get: { method: 'GET', path: '/api/user/:id', access: member, answer: noStore },
    update: { method: 'PATCH', path: '/api/user/:id', access: member, answer: noStore },
    changePassword: { method: 'POST', path: '/api/user/change-password/:id', access: member, answer: noStore },
    changeUserKey: { method: 'POST', path: '/api/user/change-user-key/:id', access: member, answer: noStore },
  },
  alumni: {
    list: { method: 'GET', path: '/api/alumni', access: consoleAdmin, answer: noStore },
    create: { method: 'PUT', path: '/api/alumni', access: consoleAdmin, answer: noStore },
    update: { method: 'PATCH', path: '/api/alumni/:id', access: consoleAdmin, answer: noStore },
    remove: { method: 'DELETE', path: '/api/alumni/:id', access: consoleAdmin, answer: noStore },
    exportData: { method: 'POST', path: '/api/alumni/export-data', access: consoleAdmin, answer: noStore },
    uploadUrl: { method: 'POST', path: '/api/alumni/upload-url', access: consoleAdmin, answer: noStore },
    importPreview: { method: 'POST', path: '/api/alumni/import-preview', access: consoleAdmin, answer: noStore },
    importData: { method: 'POST', path: '/api/alumni/import-data', access: consoleAdmin, answer: noStore },
  },
  adminMember: {
    list: { method: 'GET', path: '/api/admin/users', access: consoleAdmin, answer: noStore },
    roleOptions: { method: 'GET', path: '/api/admin/users/role-options', access: consoleAdmin, answer: noStore },
    exportData: { method: 'POST', path: '/api/admin/users/export-data', access: consoleAdmin, answer: noStore },
    get: { method: 'GET', path: '/api/admin/users/:id', access: consoleAdmin, answer: noStore },
    reveal: { method: 'POST', path: '/api/admin/users/:id/reveal', access: consoleAdmin, answer: noStore },
    changeRole: { method: 'PATCH', path: '/api/admin/users/:id/role', access: consoleAdmin, answer: noStore },
    lock: { method: 'POST', path: '/api/admin/users/:id/lock', access: consoleAdmin, answer: noStore },
    unlock: { method: 'POST', path: '/api/admin/users/:id/unlock', access: consoleAdmin, answer: noStore },
    clearLockout: { method: 'POST', path: '/api/admin/users/:id/clear-lockout', access: consoleAdmin, answer: noStore },
    signOut: { method: 'POST', path: '/api/admin/users/:id/sign-out', access: consoleAdmin, answer: noStore },
    retire: { method: 'POST', path: '/api/admin/users/:id/retire', access: consoleAdmin, answer: noStore },
  },
  twoFactor: {
    status: { method: 'GET', path: '/api/admin/two-factor', access: enrolling, answer: noStore },
    enrolment: { method: 'POST', path: '/api/admin/two-factor/enrolment', access: enrolling, answer: noStore },
    confirmation: { method: 'POST', path: '/api/admin/two-factor/confirmation', access: enrolling, answer: noStore },
    recoveryCodes: { method: 'POST', path: '/api/admin/two-factor/recovery-codes', access: consoleAdmin, answer: noStore },
    disable: { method: 'POST', path: '/api/admin/two-factor/disable', access: consoleAdmin, answer: noStore },
    reset: { method: 'POST', path: '/api/admin/users/:id/two-factor-reset', access: systemAdmin, answer: noStore },
  },
  adminRole: {
    list: { method: 'GET', path: '/api/admin/roles', access: systemAdmin, answer: noStore },
    update: { method: 'PATCH', path: '/api/admin/roles/:roleCode', access: systemAdmin, answer: noStore },
    create: { method: 'PUT', path: '/api/admin/roles', access: systemAdmin, answer: noStore },
  },
  adminBoard: {
    list: { method: 'GET', path: '/api/admin/boards', access: consoleAdmin, answer: noStore },
    get: { method: 'GET', path: '/api/admin/boards/:boardCode', access: consoleAdmin, answer: noStore },
    create: { method: 'PUT', path: '/api/admin/boards', access: consoleAdmin, answer: noStore },
    update: { method: 'PATCH', path: '/api/admin/boards/:boardCode', access: consoleAdmin, answer: noStore },
  },
  inquiry: {
    list: { method: 'GET', path: '/api/admin/inquiries', access: consoleAdmin, answer: noStore },
    get: { method: 'GET', path: '/api/admin/inquiries/:itemNo', access: consoleAdmin, answer: noStore },
    update: { method: 'PATCH', path: '/api/admin/inquiries/:itemNo', access: consoleAdmin, answer: noStore },
  },
  accessRecord: {
    list: { method: 'GET', path: '/api/admin/access-records', access: consoleAdmin, answer: noStore },
    exportData: { method: 'POST', path: '/api/admin/access-records/export-data', access: consoleAdmin, answer: noStore },
  },
  adminDashboard: {
    get: { method: 'GET', path: '/api/admin/dashboard', access: consoleAdmin, answer: noStore },
  },
} as const satisfies Record<string, Record<string, EndpointDeclaration>>;

type Declarations = typeof declarations;

/** `resource.name` of every entry. */
export type EndpointId = { [R in keyof Declarations]: `${R & string}.${keyof Declarations[R] & string}` }[keyof Declarations];

/** The table: `endpoints.board.menu` is `GET /api/board` with its rules and its id `board.menu`. */
export const endpoints = Object.fromEntries(
  Object.entries(declarations).map(([resource, entries]) => [
    resource,
    Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { ...entry, id: `${resource}.${name}` }])),
  ]),
) as unknown as { [R in keyof Declarations]: { [N in keyof Declarations[R]]: Declarations[R][N] & { id: `${R & string}.${N & string}` } } };

/** Every entry, in the table's order. */
export const endpointList: readonly Endpoint[] = Object.values(endpoints).flatMap((entries) => Object.values(entries) as Endpoint[]);

/** The entry of `METHOD /path` (the path as in the table), if any. */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  return endpointList.find((entry) => entry.method === method && entry.path === path);
}

/** A console route: the admin paths' rules (ADMIN_ALLOWED_IPS, 401/403 before the body). */
export function isConsoleAccess(access: Access): boolean {
  return access.kind === 'systemAdmin' || access.kind === 'enrolling' || (access.kind === 'admin' && access.console);
}

/**
 * The URL of an entry with its path parameters filled in (each encoded) and an optional query,
 * e.g. `endpointUrl(endpoints.boardItem.view, { boardCode: 'notice', itemNo: 3 })`.
 */
export function endpointUrl(
  entry: Pick<EndpointDeclaration, 'path'>,
  params: Record<string, string | number> = {},
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const path = entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${entry.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
