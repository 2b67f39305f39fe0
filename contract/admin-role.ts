// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';

/**
 * Roles and their permissions (issue 9; spec §6: a role check tests whether the role's permissions
 * contain a permission). Only the system admin (userType Admin) edits them.
 */

/** The permissions the code checks, offered as checkboxes. `ADMIN_Access` opens the console. */
export const knownPermissions = [
  { code: 'ADMIN_Access', label: '관리자 화면 이용 (관리자 권한)' },
  { code: 'MEMBER_Access', label: '회원 기능 이용' },
  { code: 'CONTENT_Manage', label: '콘텐츠·메뉴·팝업 관리' },
  { code: 'STATS_View', label: '방문 통계·만족도 조사 보기' },
] as const;
export const ADMIN_ACCESS_PERMISSION = 'ADMIN_Access';
/** Issue 22: edits the site's own words (pages, terms, privacy policy), the menu and pop-ups. */
export const CONTENT_MANAGE_PERMISSION = 'CONTENT_Manage';
/** Issue 23: reads visitor statistics and page-satisfaction answers in the console. */
export const STATS_VIEW_PERMISSION = 'STATS_View';

export const roleMessages = {
  notFound: '존재하지 않는 권한입니다.',
  duplicate: '이미 있는 권한 코드입니다.',
  roleCodeFormat: '권한 코드는 영문 대문자로 시작하고 영문 대문자, 숫자, _ 로 2~30자여야 합니다.',
  nameRequired: '권한 이름을 입력해주세요.',
  nameLength: '권한 이름은 30자 이내로 입력해주세요.',
  permissionFormat: '권한 항목은 영문, 숫자, _ 로 2~50자여야 합니다.',
  ownAdminAccess: '본인이 속한 권한에서 관리자 권한(ADMIN_Access)을 뺄 수 없습니다.',
  guestAdminAccess: '비회원 권한에는 관리자 권한(ADMIN_Access)을 줄 수 없습니다.',
  saved: '권한을 저장했습니다.',
  created: '권한을 만들었습니다.',
} as const;

export const roleCodeSchema = z.string().trim().regex(/^[A-Z][A-Z0-9_]{1,29}$/, roleMessages.roleCodeFormat);
const roleName = z.string().trim().min(1, roleMessages.nameRequired).max(30, roleMessages.nameLength);
/** Any permission name may be stored (the list above is what the code checks today); duplicates are dropped. */
const permissionList = z
  .array(z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_]{1,49}$/, roleMessages.permissionFormat))
  .max(50)
  .transform((list) => [...new Set(list)]);

export const roleView = z.object({
  roleCode: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  memberCount: z.number(),
  /** The role visitors hold (site setting roleCodeForGuest): never given ADMIN_Access. */
  isGuestRole: z.boolean(),
});
export type RoleView = z.infer<typeof roleView>;
export const roleList = z.object({ content: z.array(roleView), knownPermissions: z.array(z.object({ code: z.string(), label: z.string() })) });
export type RoleList = z.infer<typeof roleList>;

export const roleCodeParams = z.object({ roleCode: z.string().trim().min(1).max(30) });
export const patchRoleRequest = z.object({ name: roleName.optional(), permissions: permissionList.optional() });
export type PatchRoleRequest = z.input<typeof patchRoleRequest>;
export const createRoleRequest = z.object({ roleCode: roleCodeSchema, name: roleName, permissions: permissionList });
export type CreateRoleRequest = z.input<typeof createRoleRequest>;
