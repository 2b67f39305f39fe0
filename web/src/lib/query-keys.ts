/**
 * Every query key of the web app, one factory per resource: the screens that read an answer, the
 * changes that invalidate it and the first data the server sends with a page (app/first-data.ts)
 * all spell its key here, so an invalidation cannot miss the query it means. A key that another
 * key starts with (`boardItems.all`, `siteSetting.all`) matches all of them in
 * `invalidateQueries` and `removeQueries`.
 *
 * The list factories take the screen's own query object (its type stays with the screen's call).
 */
export const queryKeys = {
  /** `GET /api/site-setting/info` and `/authentication`; a saved setting invalidates `all`. */
  siteSetting: {
    all: ['site-setting'] as const,
    info: ['site-setting', 'info'] as const,
    authentication: ['site-setting', 'authentication'] as const,
  },
  /** `GET /api/board`: the menu's boards. */
  boardMenu: ['board-menu'] as const,
  /** The header menu (`GET /api/menu`, issue 22). */
  menu: ['menu'] as const,
  /** `GET /api/board/{boardCode}`: a board's settings and the caller's permissions on it. */
  board: (boardCode: string) => ['board', boardCode] as const,
  /** `GET /api/board-item` (lists, the home page's too) and `GET /api/board-item/{boardCode}/{itemNo}`. */
  boardItems: {
    all: ['board-item'] as const,
    lists: ['board-item', 'list'] as const,
    list: <Query extends { boardCode: string }>(query: Query) => ['board-item', 'list', query] as const,
    detail: (boardCode: string, itemNo: number) => ['board-item', 'detail', boardCode, itemNo] as const,
  },
  /** `GET /api/popup?screen=`: the active pop-ups of the home page or of every other screen (issue 22). */
  popups: (screen: 'home' | 'all') => ['popup', screen] as const,
  /** `GET /api/search` and its popular terms (issue 23). */
  search: {
    results: <Query extends object>(query: Query) => ['search', 'results', query] as const,
    popular: ['search', 'popular'] as const,
  },
  /** `GET /api/board-item-comment`: a post's comments, page by page. */
  comments: {
    ofItem: (boardCode: string, itemNo: number) => ['board-item-comment', boardCode, itemNo] as const,
    page: (boardCode: string, itemNo: number, page: number) => ['board-item-comment', boardCode, itemNo, page] as const,
  },
  /** `GET /api/user/{id}`: a member's own record (forgotten when the caller changes). */
  user: {
    all: ['user'] as const,
    detail: (id: number) => ['user', id] as const,
    /** `GET /api/user/{id}/activity`: My page's 내가 쓴 글, 내 댓글, 내 문의 (issue 23). */
    activity: <Query extends object>(id: number, query: Query) => ['user', id, 'activity', query] as const,
  },
  /** `GET /api/content/{code}` (`version` absent: the current one) and its published versions (issue 22). */
  content: {
    all: ['content'] as const,
    view: (code: string, version?: number) => ['content', code, 'view', version ?? 'current'] as const,
    versions: (code: string) => ['content', code, 'versions'] as const,
  },
  /** `GET /api/captcha`: a one-time challenge. */
  captcha: ['captcha'] as const,
  /** The console's reads (issue 9). */
  admin: {
    dashboard: ['admin', 'dashboard'] as const,
    siteSetting: ['admin', 'site-setting'] as const,
    boards: ['admin', 'boards'] as const,
    /** `GET /api/menu` as the console's menu screen reads it (fresh, not the header's copy). */
    menu: ['admin', 'menu'] as const,
    twoFactor: ['admin', 'two-factor'] as const,
    accessRecords: {
      all: ['admin', 'access-records'] as const,
      list: <Query extends object>(query: Query) => ['admin', 'access-records', query] as const,
      chainHead: ['admin', 'access-records', 'chain-head'] as const,
    },
    inquiries: {
      lists: ['admin', 'inquiries', 'list'] as const,
      list: <Query extends object>(query: Query) => ['admin', 'inquiries', 'list', query] as const,
      item: (itemNo: number | null) => ['admin', 'inquiries', 'item', itemNo] as const,
    },
    members: {
      all: ['admin-members'] as const,
      lists: ['admin-members', 'list'] as const,
      list: <Query extends object>(query: Query) => ['admin-members', 'list', query] as const,
      detail: (id: number) => ['admin-members', 'detail', id] as const,
      roleOptions: ['admin-members', 'role-options'] as const,
    },
    roles: ['admin-roles'] as const,
    popups: ['admin', 'popup'] as const,
    popularSearches: ['admin', 'popular-searches'] as const,
    alumni: {
      all: ['alumni'] as const,
      list: <Query extends object>(query: Query) => ['alumni', 'list', query] as const,
    },
    /** Visitor statistics (issue 23). */
    stats: {
      visits: <Query extends object>(query: Query) => ['admin', 'stats', 'visits', query] as const,
      top: <Query extends object>(query: Query) => ['admin', 'stats', 'top', query] as const,
    },
    /** Page satisfaction (issue 23): the summary and the comments of a period. */
    feedback: {
      summary: <Query extends object>(query: Query) => ['admin', 'feedback', 'summary', query] as const,
      comments: <Query extends object>(query: Query) => ['admin', 'feedback', 'comments', query] as const,
    },
  },
} as const;
