import type { BoardAction } from './board-values';
import { boardMessages } from './board-messages';
import { endpointRoutes, type EndpointId, type EndpointRouteDeclaration, type RouteDeclarations } from './endpoint-routes';

export { endpointPath, endpointUrl, type EndpointId, type HttpMethod, type PathParams } from './endpoint-routes';

/**
 * Every API route once (issue 21, docs/decisions/0023-endpoint-table.md): its method and path
 * (contract/endpoint-routes.ts, all the web app's fetchers load), and here, keyed by the same
 * ids, who may call it (`access`) and what a cache may keep of its answer (`answer`). The server
 * registers its routes from these entries (server/route.ts) and enforces both rules from them in
 * one hook each (server/auth/access.ts, server/private-answers.ts); the access sweep and the
 * OpenAPI document come from them too. Renaming a route here renames it everywhere, its
 * protection and caching with it.
 *
 * Plain declarations, no zod: the web app's screens may import them without loading a schema.
 * The schemas of each entry (params, query, body, answers) are in contract/endpoint-schemas.ts,
 * keyed by the same `id`.
 */

/**
 * The permission a console route needs: `ADMIN_Access` opens the console (server/auth/caller.ts
 * ADMIN_ACCESS); `CONTENT_Manage` (issue 22) also guards content, menu and pop-ups, `STATS_View`
 * (issue 23) visitor statistics and page-satisfaction answers. The system
 * admin (userType Admin) always has them all.
 */
export type AdminPermission = 'ADMIN_Access' | 'CONTENT_Manage' | 'STATS_View';

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
 *   (server/guest-answers.ts), signed-in callers' are `private, no-store`; the entries
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

/** What a route may be called by and what a cache may keep of it: the part of an entry declared here. */
export interface EndpointRules {
  access: Access;
  answer: Answer;
}

export interface EndpointDeclaration extends EndpointRouteDeclaration, EndpointRules {}

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
/** The console's content, menu and pop-up calls (issue 22). */
const contentManager: Access = { kind: 'admin', permission: 'CONTENT_Manage', console: true };
/** What changes a page's cached guest answers (a scheduled version taking effect drops them too). */
const contentWrites = ['adminContent.save', 'adminContent.restore'] as const;
/** The console's visitor statistics and page-satisfaction reads (issue 23). */
const statsViewer: Access = { kind: 'admin', permission: 'STATS_View', console: true };

const rules = {
  siteSetting: {
    info: { access: anyone, answer: shared },
    authentication: { access: anyone, answer: shared },
    forAdmin: { access: systemAdmin, answer: noStore },
    update: { access: systemAdmin, answer: noStore },
  },
  board: {
    menu: { access: anyone, answer: guestCache('adminBoard.create', 'adminBoard.update', 'siteSetting.update') },
    get: { access: anyone, answer: guestCache('adminBoard.create', 'adminBoard.update', 'siteSetting.update') },
  },
  boardItem: {
    list: { access: board('list'), answer: guestCache(...boardWrites) },
    // A POST: never kept by a cache, though guests' answers come from the board cache.
    search: { access: board('list'), answer: noStore },
    view: { access: board('read'), answer: guestCache(...boardWrites) },
    create: { access: board('write'), answer: noStore },
    update: { access: board('write'), answer: noStore },
    remove: { access: board('write'), answer: noStore },
    exportData: {
      access: { kind: 'admin', permission: 'ADMIN_Access', console: false, refuse: { member: boardMessages.exportAdminsOnly } },
      answer: noStore,
    },
    editorImage: { access: { kind: 'member', refuse: { guest: boardMessages.uploadLoginRequired } }, answer: noStore },
  },
  comment: {
    list: { access: board('read'), answer: shared },
    create: { access: board('comment'), answer: noStore },
    update: { access: board('comment'), answer: noStore },
    remove: { access: board('comment'), answer: noStore },
  },
  file: {
    // A file follows its post: read (and download) rights on the post's board, the file cookie counting as a token.
    get: { access: board('read'), answer: { kind: 'maxAge', seconds: 300, scope: 'private' } },
    thumbnail: { access: board('read'), answer: { kind: 'maxAge', seconds: 300, scope: 'private' } },
    uploadUrl: { access: { kind: 'member', refuse: { guest: boardMessages.uploadLoginRequired } }, answer: noStore },
    boardUploadUrl: {
      access: { kind: 'member', refuse: { guest: boardMessages.uploadLoginRequired } },
      answer: noStore,
    },
    // The upload URL's token is the credential: it was given to a member (or an administrator).
    upload: { access: anyone, answer: noStore },
  },
  captcha: {
    challenge: { access: anyone, answer: noStore },
  },
  userKey: {
    checkExists: { access: anyone, answer: noStore },
    check: { access: anyone, answer: noStore },
    confirm: { access: anyone, answer: noStore },
  },
  session: {
    signin: { access: anyone, answer: noStore },
    refresh: { access: anyone, answer: noStore },
    signout: { access: { kind: 'tokenBlind' }, answer: noStore },
  },
  user: {
    signup: { access: anyone, answer: noStore },
    findId: { access: anyone, answer: noStore },
    resetPasswordToken: { access: anyone, answer: noStore },
    resetPassword: { access: anyone, answer: noStore },
    retire: { access: member, answer: noStore },
    get: { access: member, answer: noStore },
    update: { access: member, answer: noStore },
    changePassword: { access: member, answer: noStore },
    changeUserKey: { access: member, answer: noStore },
  },
  alumni: {
    list: { access: consoleAdmin, answer: noStore },
    create: { access: consoleAdmin, answer: noStore },
    update: { access: consoleAdmin, answer: noStore },
    remove: { access: consoleAdmin, answer: noStore },
    exportData: { access: consoleAdmin, answer: noStore },
    uploadUrl: { access: consoleAdmin, answer: noStore },
    importPreview: { access: consoleAdmin, answer: noStore },
    importData: { access: consoleAdmin, answer: noStore },
  },
  adminMember: {
    list: { access: consoleAdmin, answer: noStore },
    roleOptions: { access: consoleAdmin, answer: noStore },
    exportData: { access: consoleAdmin, answer: noStore },
    get: { access: consoleAdmin, answer: noStore },
    reveal: { access: consoleAdmin, answer: noStore },
    changeRole: { access: consoleAdmin, answer: noStore },
    lock: { access: consoleAdmin, answer: noStore },
    unlock: { access: consoleAdmin, answer: noStore },
    clearLockout: { access: consoleAdmin, answer: noStore },
    signOut: { access: consoleAdmin, answer: noStore },
    retire: { access: consoleAdmin, answer: noStore },
  },
  twoFactor: {
    status: { access: enrolling, answer: noStore },
    enrolment: { access: enrolling, answer: noStore },
    confirmation: { access: enrolling, answer: noStore },
    recoveryCodes: { access: consoleAdmin, answer: noStore },
    disable: { access: consoleAdmin, answer: noStore },
    reset: { access: systemAdmin, answer: noStore },
  },
  adminRole: {
    list: { access: systemAdmin, answer: noStore },
    update: { access: systemAdmin, answer: noStore },
    create: { access: systemAdmin, answer: noStore },
  },
  adminBoard: {
    list: { access: consoleAdmin, answer: noStore },
    get: { access: consoleAdmin, answer: noStore },
    create: { access: consoleAdmin, answer: noStore },
    update: { access: consoleAdmin, answer: noStore },
  },
  inquiry: {
    list: { access: consoleAdmin, answer: noStore },
    get: { access: consoleAdmin, answer: noStore },
    update: { access: consoleAdmin, answer: noStore },
  },
  accessRecord: {
    list: { access: consoleAdmin, answer: noStore },
    exportData: { access: consoleAdmin, answer: noStore },
    chainHead: { access: consoleAdmin, answer: noStore },
  },
  adminDashboard: {
    get: { access: consoleAdmin, answer: noStore },
  },
  // Pop-up notices (issue 22): the active ones change with their writes and with the clock (a
  // start or an end passing), which the popup module's cache follows by itself.
  popup: {
    active: { access: anyone, answer: guestCache('adminPopup.create', 'adminPopup.update', 'adminPopup.remove') },
  },
  adminPopup: {
    list: { access: contentManager, answer: noStore },
    create: { access: contentManager, answer: noStore },
    update: { access: contentManager, answer: noStore },
    remove: { access: contentManager, answer: noStore },
  },
  // Issue 22: guests' answers cached and dropped by every save and restore, on every instance, and
  // when a scheduled version takes effect (server/modules/content/guest-reads.ts).
  content: {
    get: { access: anyone, answer: guestCache(...contentWrites) },
    versions: { access: anyone, answer: guestCache(...contentWrites) },
  },
  adminContent: {
    list: { access: contentManager, answer: noStore },
    save: { access: contentManager, answer: noStore },
    versions: { access: contentManager, answer: noStore },
    version: { access: contentManager, answer: noStore },
    restore: { access: contentManager, answer: noStore },
  },
  // The header menu (issue 22): the same answer for everyone, cached like the board menu and
  // dropped by the menu's save and by the console's board changes (a board joins its area's group).
  menu: {
    get: { access: anyone, answer: guestCache('adminMenu.update', 'adminBoard.create', 'adminBoard.update', 'siteSetting.update') },
  },
  adminMenu: {
    update: { access: contentManager, answer: noStore },
  },
  // The member themself, or staff with ADMIN_Access (recorded); the service decides whose (issue 23).
  memberActivity: {
    list: { access: member, answer: noStore },
  },
  // Visitor statistics (issue 23): anyone's navigations counted; the figures for STATS_View.
  visit: {
    record: { access: anyone, answer: noStore },
  },
  visitStats: {
    series: { access: statsViewer, answer: noStore },
    top: { access: statsViewer, answer: noStore },
    exportData: { access: statsViewer, answer: noStore },
  },
  // Issue 23: anyone answers (once a day per screen); staff with STATS_View read and export.
  feedback: {
    create: { access: anyone, answer: noStore },
    summary: { access: statsViewer, answer: noStore },
    comments: { access: statsViewer, answer: noStore },
    exportData: { access: statsViewer, answer: noStore },
  },
  // Issue 23: results depend on the caller's boards, so nothing keeps them; the popular terms are
  // the same for everyone and may be a minute old (a hidden term goes within that minute).
  search: {
    query: { access: anyone, answer: noStore },
    popular: { access: anyone, answer: { kind: 'maxAge', seconds: 60, scope: 'public' } },
  },
  adminSearch: {
    popular: { access: contentManager, answer: noStore },
    hide: { access: contentManager, answer: noStore },
  },
} as const satisfies { [R in keyof RouteDeclarations]: { [N in keyof RouteDeclarations[R]]: EndpointRules } };
// `satisfies` above makes a route without rules a type error, and an extra key too (rules of no route).

type Rules = typeof rules;

/** The table: `endpoints.board.menu` is `GET /api/board` with its rules and its id `board.menu`. */
export const endpoints = Object.fromEntries(
  Object.entries(endpointRoutes).map(([resource, entries]) => [
    resource,
    Object.fromEntries(
      Object.entries(entries).map(([name, route]) => [name, { ...route, ...(rules as Record<string, Record<string, EndpointRules>>)[resource]![name]! }]),
    ),
  ]),
) as unknown as {
  [R in keyof RouteDeclarations]: { [N in keyof RouteDeclarations[R]]: RouteDeclarations[R][N] & Rules[R][N & keyof Rules[R]] & { id: `${R & string}.${N & string}` } };
};

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
