/** The console's screens (issue 9), all under /admin. */
export const adminPaths = {
  dashboard: '/admin',
  members: '/admin/members',
  member: (userId: number | string) => `/admin/members/${userId}`,
  roles: '/admin/roles',
  boards: '/admin/boards',
  board: (boardCode: string) => `/admin/boards/${boardCode}`,
  newBoard: '/admin/boards/NEW',
  inquiries: '/admin/inquiries',
  alumni: '/admin/alumni',
  settings: '/admin/settings',
  accessRecords: '/admin/access-records',
  twoFactor: '/admin/two-factor',
} as const;
