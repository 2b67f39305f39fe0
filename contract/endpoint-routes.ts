/**
 * Every API route's method and path, once (issue 21, docs/decisions/0023-endpoint-table.md): the
 * part of the endpoint table the web app's fetchers need. contract/endpoints.ts adds each route's
 * access and answer rules, keyed by the same ids (a type check makes a route without rules, or
 * rules without a route, an error), and the server registers its routes from that.
 *
 * No import at all, not even the rules' sentences: the web app's entry chunk holds this module
 * (web/src/lib/api.ts), and every byte of it is on the home page's first load (e2e/budget.spec.ts).
 */

/** Every API path starts with this; a link into it (a file's download) is the browser's, not the router's. */
export const apiPathPrefix = '/api/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointRouteDeclaration {
  method: HttpMethod;
  /** Fastify's pattern: `:name` for a path parameter. */
  path: string;
}

const routeDeclarations = {
  siteSetting: {
    info: { method: 'GET', path: '/api/site-setting/info' },
    authentication: { method: 'GET', path: '/api/site-setting/authentication' },
    forAdmin: { method: 'GET', path: '/api/admin/site-setting' },
    update: { method: 'PATCH', path: '/api/site-setting' },
  },
  board: {
    menu: { method: 'GET', path: '/api/board' },
    get: { method: 'GET', path: '/api/board/:boardCode' },
  },
  boardItem: {
    list: { method: 'GET', path: '/api/board-item' },
    search: { method: 'POST', path: '/api/board-item/search' },
    view: { method: 'GET', path: '/api/board-item/:boardCode/:itemNo' },
    create: { method: 'PUT', path: '/api/board-item/:boardCode' },
    update: { method: 'PATCH', path: '/api/board-item/:boardCode/:itemNo' },
    remove: { method: 'DELETE', path: '/api/board-item/:boardCode/:itemNo' },
    exportData: { method: 'GET', path: '/api/board-item/download-data/:boardCode' },
    editorImage: { method: 'PUT', path: '/api/board-item/images' },
  },
  comment: {
    list: { method: 'GET', path: '/api/board-item-comment' },
    create: { method: 'PUT', path: '/api/board-item-comment/:boardCode/:itemNo' },
    update: { method: 'PATCH', path: '/api/board-item-comment/:boardCode/:itemNo/:commentId' },
    remove: { method: 'DELETE', path: '/api/board-item-comment/:boardCode/:itemNo/:commentId' },
  },
  file: {
    get: { method: 'GET', path: '/api/file/:id' },
    thumbnail: { method: 'GET', path: '/api/file/thumbnail/:id' },
    uploadUrl: { method: 'GET', path: '/api/file/upload-url' },
    boardUploadUrl: { method: 'GET', path: '/api/board-item-file/upload-url' },
    upload: { method: 'POST', path: '/api/file/upload/:token' },
  },
  captcha: {
    challenge: { method: 'GET', path: '/api/captcha' },
  },
  userKey: {
    checkExists: { method: 'POST', path: '/api/user-key/check-exists' },
    check: { method: 'POST', path: '/api/user-key/check' },
    confirm: { method: 'POST', path: '/api/user-key/confirm' },
  },
  session: {
    signin: { method: 'POST', path: '/api/user/signin' },
    refresh: { method: 'POST', path: '/api/user/signin-by-refresh-token' },
    signout: { method: 'POST', path: '/api/user/signout' },
  },
  user: {
    signup: { method: 'POST', path: '/api/user/signup' },
    findId: { method: 'POST', path: '/api/user/find-id' },
    resetPasswordToken: { method: 'POST', path: '/api/user/reset-password-token' },
    resetPassword: { method: 'POST', path: '/api/user/reset-password' },
    retire: { method: 'POST', path: '/api/user/retire' },
    get: { method: 'GET', path: '/api/user/:id' },
    update: { method: 'PATCH', path: '/api/user/:id' },
    changePassword: { method: 'POST', path: '/api/user/change-password/:id' },
    changeUserKey: { method: 'POST', path: '/api/user/change-user-key/:id' },
  },
  alumni: {
    list: { method: 'GET', path: '/api/alumni' },
    create: { method: 'PUT', path: '/api/alumni' },
    update: { method: 'PATCH', path: '/api/alumni/:id' },
    remove: { method: 'DELETE', path: '/api/alumni/:id' },
    exportData: { method: 'POST', path: '/api/alumni/export-data' },
    uploadUrl: { method: 'POST', path: '/api/alumni/upload-url' },
    importPreview: { method: 'POST', path: '/api/alumni/import-preview' },
    importData: { method: 'POST', path: '/api/alumni/import-data' },
  },
  adminMember: {
    list: { method: 'GET', path: '/api/admin/users' },
    roleOptions: { method: 'GET', path: '/api/admin/users/role-options' },
    exportData: { method: 'POST', path: '/api/admin/users/export-data' },
    get: { method: 'GET', path: '/api/admin/users/:id' },
    reveal: { method: 'POST', path: '/api/admin/users/:id/reveal' },
    changeRole: { method: 'PATCH', path: '/api/admin/users/:id/role' },
    lock: { method: 'POST', path: '/api/admin/users/:id/lock' },
    unlock: { method: 'POST', path: '/api/admin/users/:id/unlock' },
    clearLockout: { method: 'POST', path: '/api/admin/users/:id/clear-lockout' },
    signOut: { method: 'POST', path: '/api/admin/users/:id/sign-out' },
    retire: { method: 'POST', path: '/api/admin/users/:id/retire' },
  },
  twoFactor: {
    status: { method: 'GET', path: '/api/admin/two-factor' },
    enrolment: { method: 'POST', path: '/api/admin/two-factor/enrolment' },
    confirmation: { method: 'POST', path: '/api/admin/two-factor/confirmation' },
    recoveryCodes: { method: 'POST', path: '/api/admin/two-factor/recovery-codes' },
    disable: { method: 'POST', path: '/api/admin/two-factor/disable' },
    reset: { method: 'POST', path: '/api/admin/users/:id/two-factor-reset' },
  },
  adminRole: {
    list: { method: 'GET', path: '/api/admin/roles' },
    update: { method: 'PATCH', path: '/api/admin/roles/:roleCode' },
    create: { method: 'PUT', path: '/api/admin/roles' },
  },
  adminBoard: {
    list: { method: 'GET', path: '/api/admin/boards' },
    get: { method: 'GET', path: '/api/admin/boards/:boardCode' },
    create: { method: 'PUT', path: '/api/admin/boards' },
    update: { method: 'PATCH', path: '/api/admin/boards/:boardCode' },
  },
  inquiry: {
    list: { method: 'GET', path: '/api/admin/inquiries' },
    get: { method: 'GET', path: '/api/admin/inquiries/:itemNo' },
    update: { method: 'PATCH', path: '/api/admin/inquiries/:itemNo' },
  },
  accessRecord: {
    list: { method: 'GET', path: '/api/admin/access-records' },
    exportData: { method: 'POST', path: '/api/admin/access-records/export-data' },
    chainHead: { method: 'GET', path: '/api/admin/access-records/chain-head' },
  },
  adminDashboard: {
    get: { method: 'GET', path: '/api/admin/dashboard' },
  },
  // Pop-up notices (issue 22): the public read and the console's calls.
  popup: {
    active: { method: 'GET', path: '/api/popup' },
  },
  adminPopup: {
    list: { method: 'GET', path: '/api/admin/popup' },
    create: { method: 'PUT', path: '/api/admin/popup' },
    update: { method: 'PATCH', path: '/api/admin/popup/:id' },
    remove: { method: 'DELETE', path: '/api/admin/popup/:id' },
  },
  // Issue 22: the site's own words (pages, terms), with versions.
  content: {
    get: { method: 'GET', path: '/api/content/:code' },
    versions: { method: 'GET', path: '/api/content/:code/versions' },
  },
  adminContent: {
    list: { method: 'GET', path: '/api/admin/content' },
    save: { method: 'PUT', path: '/api/admin/content/:code' },
    versions: { method: 'GET', path: '/api/admin/content/:code/versions' },
    version: { method: 'GET', path: '/api/admin/content/:code/versions/:version' },
    restore: { method: 'POST', path: '/api/admin/content/:code/versions/:version/restore' },
  },
  menu: {
    get: { method: 'GET', path: '/api/menu' },
  },
  adminMenu: {
    update: { method: 'PUT', path: '/api/admin/menu' },
  },
  // My page's activity tabs (issue 23): a member's posts, comments and inquiries.
  memberActivity: {
    list: { method: 'GET', path: '/api/user/:id/activity' },
  },
  // Visitor statistics (issue 23): the beacon of in-app navigations and the console's reads.
  visit: {
    record: { method: 'POST', path: '/api/visit' },
  },
  visitStats: {
    series: { method: 'GET', path: '/api/admin/stats/visits' },
    top: { method: 'GET', path: '/api/admin/stats/top' },
    exportData: { method: 'GET', path: '/api/admin/stats/export' },
  },
  // Page satisfaction (issue 23): the visitors' answer and the console's reads.
  feedback: {
    create: { method: 'POST', path: '/api/feedback' },
    summary: { method: 'GET', path: '/api/admin/feedback' },
    comments: { method: 'GET', path: '/api/admin/feedback/comments' },
    exportData: { method: 'POST', path: '/api/admin/feedback/export-data' },
  },
  // The site-wide search (issue 23) and its popular terms, which staff may hide.
  search: {
    query: { method: 'GET', path: '/api/search' },
    popular: { method: 'GET', path: '/api/search/popular' },
  },
  adminSearch: {
    popular: { method: 'GET', path: '/api/admin/search/popular' },
    hide: { method: 'PUT', path: '/api/admin/search/popular' },
  },
} as const satisfies Record<string, Record<string, EndpointRouteDeclaration>>;

/** The routes as declared, by resource and name (contract/endpoints.ts keys its rules the same way). */
export type RouteDeclarations = typeof routeDeclarations;

/** `resource.name` of every entry. */
export type EndpointId = { [R in keyof RouteDeclarations]: `${R & string}.${keyof RouteDeclarations[R] & string}` }[keyof RouteDeclarations];

/** A route with its id: what a caller of the API needs of an entry. */
export interface EndpointRoute extends EndpointRouteDeclaration {
  /** `resource.name`, the key of its rules (contract/endpoints.ts) and schemas (contract/endpoint-schemas.ts). */
  id: EndpointId;
}

/** The routes: `endpointRoutes.board.get` is `GET /api/board/:boardCode`, its id `board.get`. */
export const endpointRoutes = Object.fromEntries(
  Object.entries(routeDeclarations).map(([resource, entries]) => [
    resource,
    Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { ...entry, id: `${resource}.${name}` }])),
  ]),
) as unknown as { [R in keyof RouteDeclarations]: { [N in keyof RouteDeclarations[R]]: RouteDeclarations[R][N] & { id: `${R & string}.${N & string}` } } };

/** The `:name`s of a path pattern: `'/api/board-item/:boardCode/:itemNo'` gives `'boardCode' | 'itemNo'`. */
export type PathParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters, each named; any names for a path not known to the type checker. */
export type PathParams<Path extends string> = string extends Path ? Record<string, string | number> : Record<PathParamName<Path>, string | number>;

/** The parameters argument of a path: required when it has `:name`s, absent (or `{}`) when it has none. */
export type PathParamsArg<Path extends string> = string extends Path
  ? [params?: Record<string, string | number>]
  : [PathParamName<Path>] extends [never]
    ? [params?: Record<string, never>]
    : [params: PathParams<Path>];

/** A query's values; `undefined` (and, for the web app's calls, null and '') are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined | null>;

/** `?a=1&b=2` of the values given (undefined, null and '' left out); '' when none is left. */
export function queryString(query?: QueryValues): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The path of an entry with its parameters filled in, each value encoded (`encodeURIComponent`),
 * e.g. `endpointPath(endpointRoutes.boardItem.view, { boardCode: 'notice', itemNo: 3 })`. A
 * parameter missing is a type error, and thrown for a path the type checker cannot see.
 */
export function endpointPath<Path extends string>(entry: { path: Path }, ...[params]: PathParamsArg<Path>): string {
  const values: Record<string, string | number> = params ?? {};
  return entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${entry.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The URL of an entry: its path (endpointPath) and an optional query,
 * e.g. `endpointUrl(endpointRoutes.boardItem.list, {}, { boardCode: 'notice', page: 2 })`.
 */
export function endpointUrl<Path extends string>(entry: { path: Path }, ...args: [...PathParamsArg<Path>, query?: QueryValues]): string {
  const [params, query] = args as unknown as [Record<string, string | number> | undefined, QueryValues | undefined];
  return `${endpointPath<string>(entry, params)}${queryString(query)}`;
}
