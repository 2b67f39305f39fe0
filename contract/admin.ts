/** Messages shared by the console's calls (issue 9). Each console area keeps its own in its contract file. */
export const adminMessages = {
  adminOnly: '관리자만 이용할 수 있습니다.',
  systemAdminOnly: '시스템 관리자만 이용할 수 있습니다.',
  /** A console call needing a permission beyond ADMIN_Access (CONTENT_Manage, issue 22) the role lacks. */
  permissionRequired: '이 기능을 이용할 권한이 없습니다.',
  /** ADMIN_ALLOWED_IPS: a console call from an address not on the list (issue 12). */
  addressNotAllowed: '허용되지 않은 IP 주소입니다. 관리자 기능은 지정된 IP 주소에서만 이용할 수 있습니다.',
} as const;
