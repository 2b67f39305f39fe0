/** Messages shared by the console's calls (issue 9). Each console area keeps its own in its contract file. */
export const adminMessages = {
  adminOnly: '관리자만 이용할 수 있습니다.',
  systemAdminOnly: '시스템 관리자만 이용할 수 있습니다.',
} as const;
