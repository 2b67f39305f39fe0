import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../auth/password';
import { firstAdminPasswordProblem } from '@server/modules/user';
import type { BoardPermissionRoles, SiteInfo } from '@contract';
import type { Db } from '../db/client';
import { appUser, board, role, siteSetting } from '../db/schema';
import { ADMIN_ACCESS } from '../auth/caller';
import { CONTENT_MANAGE_PERMISSION as CONTENT_MANAGE, STATS_VIEW_PERMISSION as STATS_VIEW } from '@contract';

import { ROLE_ADMIN, ROLE_GUEST, ROLE_MEMBER } from './role-codes';

export { ROLE_ADMIN, ROLE_GUEST, ROLE_MEMBER };

export const seedRoles = [
  { roleCode: ROLE_GUEST, name: '비회원', permissions: [] as string[] },
  { roleCode: ROLE_MEMBER, name: '일반회원', permissions: ['MEMBER_Access'] },
  { roleCode: ROLE_ADMIN, name: '관리자', permissions: [ADMIN_ACCESS, 'MEMBER_Access', CONTENT_MANAGE, STATS_VIEW] },
];

export const seedSettings: SiteInfo = {
  siteName: '인체이식형 의료기기 환자등록사업',
  siteNameEn: 'National Implantable Device Registry',
  operator: '한국의료기기안전정보원',
  address: '서울특별시 중구 퇴계로 173 남산스퀘어빌딩 14층',
  phone: '02-3489-7100',
  fax: '02-3489-7199',
  email: 'registry@nids.or.kr',
  businessHours: '평일 09:00~18:00 (점심시간 12:00~13:00, 주말·공휴일 휴무)',
  privacyOfficer: { name: '김정보', position: '정보보호팀장', phone: '02-3489-7180', email: 'privacy@nids.or.kr' },
  registSiteUrl: 'https://registry.nids.or.kr',
  authType: 'IdAndPassword',
  useCapcha: false,
  roleCodeForGuest: ROLE_GUEST,
  userProfiles: [
    { code: 'organization', name: '소속 기관', inputType: 'text', required: true },
    { code: 'occupation', name: '직역', inputType: 'select', detail: ['의사', '간호사', '의료기사', '의료기기 업체', '환자·보호자', '기타'], required: true },
    { code: 'interests', name: '관심 분야', inputType: 'checkboxes', detail: ['인공관절', '심장 이식기기', '유방 보형물', '인공수정체', '기타 이식기기'], required: false },
    // PIPA: marketing consent may never be a condition of joining, so it is optional.
    { code: 'marketingAgree', name: '마케팅 정보 수신 동의', inputType: 'checkbox', required: false },
  ],
};

const everyone = [ROLE_GUEST, ROLE_MEMBER, ROLE_ADMIN];
const members = [ROLE_MEMBER, ROLE_ADMIN];
const admins = [ROLE_ADMIN];
const publicReading: BoardPermissionRoles = { list: everyone, read: everyone, write: admins, comment: admins, download: everyone, manage: admins };

export const seedBoards: (typeof board.$inferInsert)[] = [
  { boardCode: 'notice', area: 'Nids', name: '공지사항', description: '환자등록사업의 새로운 소식과 안내를 알려드립니다.', listStyle: 'list', permissions: publicReading, sortOrder: 1 },
  {
    boardCode: 'contactus', area: 'Nids', name: '문의하기', description: '환자등록사업에 대한 제안과 문의를 남겨주세요.',
    listStyle: 'inquiry', useComments: true, sortOrder: 2,
    permissions: { list: members, read: members, write: everyone, comment: admins, download: members, manage: admins },
  },
  { boardCode: 'public', area: 'Reference', name: '공개자료', description: '환자등록사업의 안내서, 서식, 발표자료를 공개합니다.', listStyle: 'list', permissions: publicReading, sortOrder: 3 },
  { boardCode: 'annualReport', area: 'Reference', name: '연차보고서', description: '해마다 발간하는 환자등록사업 연차보고서입니다.', listStyle: 'list', permissions: publicReading, sortOrder: 4 },
  { boardCode: 'safetyInformation', area: 'Reference', name: '안전성 정보', description: '인체이식형 의료기기의 회수·안전성 서한 등 안전성 정보를 알려드립니다.', listStyle: 'list', permissions: publicReading, sortOrder: 5 },
  { boardCode: 'promotionVideo', area: 'Reference', name: '홍보영상', description: '환자등록사업을 소개하는 영상입니다.', listStyle: 'video', pageSize: 9, permissions: publicReading, sortOrder: 6, maxFileSize: 10 * 1024 * 1024 },
  {
    boardCode: 'memberNotice', area: 'Member', name: '회원 공지', description: '회원에게 드리는 안내입니다.', listStyle: 'list', sortOrder: 7,
    permissions: { list: members, read: members, write: admins, comment: admins, download: members, manage: admins },
  },
  {
    boardCode: 'community', area: 'Member', name: '커뮤니티', description: '회원 사이에 경험과 정보를 나누는 공간입니다.', listStyle: 'list', useComments: true, sortOrder: 8,
    permissions: { list: members, read: members, write: members, comment: members, download: members, manage: admins },
  },
];

export interface BaseSeedResult {
  adminUserId: number;
  /** Where a generated admin password was written, if one was generated. */
  adminPasswordFile: string | null;
}

/** Roles, the first administrator, site settings and the eight boards. Runs inside the caller's transaction. */
export async function seedBase(
  tx: Db,
  opts: { adminId: string; adminPassword?: string; dataDir: string },
): Promise<BaseSeedResult> {
  await tx.insert(role).values(seedRoles);
  await tx.insert(siteSetting).values(Object.entries(seedSettings).map(([key, value]) => ({ key, value })));
  await tx.insert(board).values(seedBoards);

  let password = opts.adminPassword;
  if (password) {
    // Refused before anything is stored (the caller's transaction rolls the seed back).
    const problem = firstAdminPasswordProblem(password, opts.adminId, seedSettings);
    if (problem) throw new Error(`ADMIN_PASSWORD is too easy to guess: ${problem} Choose another, or leave it unset to have one generated into DATA_DIR/initial-admin-password.`);
  }
  let adminPasswordFile: string | null = null;
  if (!password) {
    password = randomBytes(12).toString('base64url');
    adminPasswordFile = path.join(opts.dataDir, 'initial-admin-password');
    fs.mkdirSync(opts.dataDir, { recursive: true });
    fs.writeFileSync(adminPasswordFile, `${password}\n`, { mode: 0o600 });
    fs.chmodSync(adminPasswordFile, 0o600);
  }
  const [admin] = await tx
    .insert(appUser)
    .values({
      userKeyCode: opts.adminId,
      userType: 'Admin',
      roleCode: ROLE_ADMIN,
      name: '관리자',
      passwordHash: await hashPassword(password),
    })
    .returning({ id: appUser.id });
  return { adminUserId: admin!.id, adminPasswordFile };
}
