// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { accessReason } from './access-record';
import { pageFields, pageQuery } from './paging';

/**
 * The console's member calls (issue 9): `/api/admin/users...`. Personal fields (e-mail, mobile, a
 * sign-in key that is an address, free-text profile values) are masked until an administrator asks
 * to reveal them; every view, reveal, change and export writes an access record.
 */

export const memberStatuses = ['ACTIVE', 'LOCKED', 'RETIRED'] as const;
export const memberStatus = z.enum(memberStatuses);
export type MemberStatus = z.infer<typeof memberStatus>;
export const memberStatusLabels: Record<MemberStatus, string> = { ACTIVE: '정상', LOCKED: '잠김', RETIRED: '탈퇴' };

export const memberMessages = {
  notFound: '회원 정보가 없습니다.',
  unknownRole: '존재하지 않는 권한입니다.',
  dateFormat: '가입일은 YYYY-MM-DD 형식으로 입력해주세요.',
  dateOrder: '가입일 검색 기간의 시작일이 종료일보다 늦습니다.',
  systemAdminProtected: '시스템 관리자 계정은 잠그거나 탈퇴 처리하거나 권한을 바꿀 수 없습니다.',
  selfAdminRemoval: '본인의 관리자 권한은 회수할 수 없습니다.',
  grantBySystemAdminOnly: '관리자 권한이나 본인에게 없는 권한이 있는 역할은 시스템 관리자만 부여할 수 있습니다.',
  selfAction: '본인 계정은 잠그거나 탈퇴 처리할 수 없습니다.',
  peerAdminProtected: '다른 관리자 계정은 시스템 관리자만 잠그거나 탈퇴 처리할 수 있습니다.',
  systemAdminSignOut: '시스템 관리자 계정의 로그인은 본인만 종료할 수 있습니다.',
  retired: '탈퇴한 회원입니다.',
  alreadyLocked: '이미 잠긴 회원입니다.',
  notLocked: '잠긴 회원이 아닙니다.',
  roleChanged: '권한을 변경했습니다.',
  locked: '회원을 잠갔습니다. 이 회원은 로그인할 수 없습니다.',
  unlocked: '회원 잠금을 해제했습니다.',
  lockoutCleared: '로그인 잠금(비밀번호 오류)을 해제했습니다.',
  signedOut: '이 회원의 모든 로그인을 종료했습니다.',
  retiredDone: '회원을 탈퇴 처리했습니다.',
  revealed: '개인정보를 표시했습니다. 이 조회는 접근기록에 남습니다.',
} as const;

/** A calendar date in Korea (sign-up period filter): YYYY-MM-DD. */
const kstDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, memberMessages.dateFormat).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+09:00`)), memberMessages.dateFormat);

const filterFields = {
  /** Matches the start of the name or of the sign-in key, or the whole e-mail address or mobile number. */
  keyword: z.string().trim().max(100).optional(),
  roleCode: z.string().trim().max(30).optional(),
  status: memberStatus.optional(),
  /** Sign-up period, inclusive, in Korean dates. */
  joinedFrom: kstDay.optional(),
  joinedTo: kstDay.optional(),
};

const periodInOrder = (q: { joinedFrom?: string; joinedTo?: string }) => !q.joinedFrom || !q.joinedTo || q.joinedFrom <= q.joinedTo;

export const memberListQuery = z
  .object({ ...pageQuery, ...filterFields })
  .refine(periodInOrder, { message: memberMessages.dateOrder, path: ['joinedTo'] });
export type MemberListQuery = z.input<typeof memberListQuery>;
export type MemberFilter = Pick<z.output<typeof memberListQuery>, 'keyword' | 'roleCode' | 'status' | 'joinedFrom' | 'joinedTo'>;

/** One row of the member list: the name is shown (staff must find people), addresses masked. */
export const memberRow = z.object({
  id: z.number(),
  userKeyCode: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  userType: z.enum(['Member', 'Admin']),
  roleCode: z.string(),
  roleName: z.string(),
  status: memberStatus,
  createdDate: z.string(),
});
export type MemberRow = z.infer<typeof memberRow>;
export const memberPage = z.object({ content: z.array(memberRow), ...pageFields });
export type MemberPage = z.infer<typeof memberPage>;

/** One extra profile field as the console shows it. */
export const memberProfileValue = z.object({
  code: z.string(),
  name: z.string(),
  /** Shown as text; masked until revealed when the field is free text. */
  value: z.string(),
  masked: z.boolean(),
});

export const memberDetail = memberRow.extend({
  profile: z.array(memberProfileValue),
  /** Wrong passwords in a row, and the sign-in lockout they caused (null when none). */
  failedSigninCount: z.number(),
  lockedUntil: z.string().nullable(),
  retiredDate: z.string().nullable(),
  /** When "sign out everywhere" was last used on this member. */
  sessionsRevokedDate: z.string().nullable(),
  /** Signs in with an authenticator code (issue 12); a system administrator can reset it. */
  twoFactorEnabled: z.boolean(),
  /** True in the answer of a reveal: the fields above are plain. */
  revealed: z.boolean(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const revealMemberRequest = z.object({ reason: z.string().trim().max(500, '사유는 500자 이내로 입력해주세요.').optional() });
export const changeMemberRoleRequest = z.object({ roleCode: z.string().trim().min(1, '권한을 선택해주세요.').max(30) });
export const retireMemberRequest = z.object({ reason: accessReason });
export const memberExportRequest = z
  .object({ ...filterFields, reason: accessReason })
  .refine(periodInOrder, { message: memberMessages.dateOrder, path: ['joinedTo'] });
export type MemberExportRequest = z.input<typeof memberExportRequest>;

/** `GET /api/admin/users/role-options`: the roles a member can be given (for filters and the role select). */
export const memberRoleOption = z.object({ roleCode: z.string(), name: z.string(), admin: z.boolean() });
export type MemberRoleOption = z.infer<typeof memberRoleOption>;
export const memberRoleOptions = z.array(memberRoleOption);
