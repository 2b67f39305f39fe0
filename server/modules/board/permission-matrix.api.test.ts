import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardActions, type BoardAction, type BoardItemPage } from '@contract';
import { body, createTestApp, data, type TestApp } from '../../test/harness';
import { createBoardItem, pngBytes, storeFile } from '../../test/factories';

/**
 * Issue 4's permission matrix against the real server: every role × every board × every action,
 * plus direct file and thumbnail URLs of secret posts. L list, R read, W write, C comment,
 * D download, M manage. Comments exist only where the board uses them (community, contactus).
 */
const roles = ['guest', 'member', 'otherMember', 'admin'] as const;
type Role = (typeof roles)[number];
const publicBoard = { guest: 'LRD', member: 'LRD', otherMember: 'LRD', admin: 'LRWDM' };
const expected: Record<string, Record<Role, string>> = {
  notice: publicBoard,
  public: publicBoard,
  annualReport: publicBoard,
  safetyInformation: publicBoard,
  promotionVideo: publicBoard,
  memberNotice: { guest: '', member: 'LRD', otherMember: 'LRD', admin: 'LRWDM' },
  community: { guest: '', member: 'LRWCD', otherMember: 'LRWCD', admin: 'LRWCDM' },
  // The ordinary post here is `member`'s own inquiry: nobody else but admins reads it.
  contactus: { guest: 'W', member: 'LRWD', otherMember: 'LW', admin: 'LRWCDM' },
};
const letter: Record<BoardAction, string> = { list: 'L', read: 'R', write: 'W', comment: 'C', download: 'D', manage: 'M' };

let t: TestApp;
interface Fixture { ordinaryNo: number; attachmentId: string; secretNo: number; secretWriter: Role; secretFileId: string }
const fixtures = {} as Record<string, Fixture>;

beforeAll(async () => {
  t = await createTestApp();
  const image = await pngBytes(40, 30);
  const users = { member: t.users.member, admin: t.users.admin };
  for (const boardCode of Object.keys(expected)) {
    // Members write their own posts where they may; elsewhere the administrator does.
    const writer: 'member' | 'admin' = boardCode === 'community' || boardCode === 'contactus' ? 'member' : 'admin';
    const attachment = await storeFile(t.app, t.db, { originalName: '첨부 사진.png', contentType: 'image/png', data: image, thumbnail: true, createdBy: users[writer] });
    const ordinary = await createBoardItem(t.db, {
      boardCode, title: `${boardCode} 일반 글`, writerId: users[writer], writerName: writer === 'member' ? '김회원' : '관리자',
      fileIds: [attachment.id], thumbnailFileId: attachment.id, isSecret: boardCode === 'contactus',
    });
    const secretFile = await storeFile(t.app, t.db, { originalName: '비밀 사진.png', contentType: 'image/png', data: image, thumbnail: true, createdBy: users[writer] });
    const secret = await createBoardItem(t.db, {
      boardCode, title: `${boardCode} 비밀 제목`, content: '<p>비밀 본문</p>', isSecret: true, writerId: users[writer],
      writerName: writer === 'member' ? '김회원' : '관리자', fileIds: [secretFile.id], thumbnailFileId: secretFile.id,
    });
    fixtures[boardCode] = { ordinaryNo: ordinary.itemNo, attachmentId: attachment.id, secretNo: secret.itemNo, secretWriter: writer, secretFileId: secretFile.id };
  }
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = (role: Role) => (role === 'guest' ? undefined : t.tokens[role]);

async function attempt(role: Role, boardCode: string, action: BoardAction) {
  const headers = t.auth(tokenOf(role));
  const f = fixtures[boardCode]!;
  switch (action) {
    case 'list':
      return t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${boardCode}`, headers });
    case 'read':
      return t.app.inject({ method: 'GET', url: `/api/board-item/${boardCode}/${f.ordinaryNo}`, headers });
    case 'write': {
      const contact = boardCode === 'contactus' ? { name: '홍길동', email: 'hong@example.com', agree: true } : {};
      return t.app.inject({ method: 'PUT', url: `/api/board-item/${boardCode}`, headers, payload: { title: '권한 시험', content: '<p>본문</p>', ...contact } });
    }
    case 'comment':
      return t.app.inject({ method: 'PUT', url: `/api/board-item-comment/${boardCode}/${f.ordinaryNo}`, headers, payload: { content: '권한 시험 댓글' } });
    case 'download':
      return t.app.inject({ method: 'GET', url: `/api/file/${f.attachmentId}?download=true`, headers });
    case 'manage':
      return t.app.inject({ method: 'PATCH', url: `/api/board-item/${boardCode}/${f.ordinaryNo}`, headers, payload: { isNotice: true } });
  }
}

describe('permission matrix: role × board × action', () => {
  const cases = Object.entries(expected).flatMap(([boardCode, byRole]) =>
    roles.flatMap((role) => boardActions.map((action) => ({ boardCode, role, action, allowed: byRole[role].includes(letter[action]) }))),
  );
  it.each(cases)('$role $action on $boardCode → $allowed', async ({ boardCode, role, action, allowed }) => {
    const res = await attempt(role, boardCode, action);
    if (allowed) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    } else {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(role === 'guest' ? 401 : 403);
      expect(body<{ code: string }>(res).code).toBe(role === 'guest' ? 'UNAUTHORIZED' : 'FORBIDDEN');
    }
  });

  it('GET /api/board/{boardCode} tells each role the same rights the server enforces', async () => {
    for (const [boardCode, byRole] of Object.entries(expected)) {
      for (const role of roles) {
        const b = data<{ permissions: Record<BoardAction, boolean>; useComments: boolean }>(
          await t.app.inject({ method: 'GET', url: `/api/board/${boardCode}`, headers: t.auth(tokenOf(role)) }),
        );
        for (const action of ['list', 'write', 'manage'] as const) {
          expect(b.permissions[action], `${role} ${action} ${boardCode}`).toBe(byRole[role].includes(letter[action]));
        }
      }
    }
  });
});

describe('secret posts never leak: lists, direct file and thumbnail URLs', () => {
  const boards = Object.keys(expected);
  const canSee = (boardCode: string, role: Role) => role === 'admin' || role === fixtures[boardCode]!.secretWriter;

  it.each(boards.flatMap((boardCode) => roles.map((role) => ({ boardCode, role }))))(
    '$role on $boardCode: file, download, thumbnail and ?thumbnail=true',
    async ({ boardCode, role }) => {
      const id = fixtures[boardCode]!.secretFileId;
      for (const url of [`/api/file/${id}`, `/api/file/${id}?download=true`, `/api/file/thumbnail/${id}`, `/api/file/${id}?thumbnail=true`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: t.auth(tokenOf(role)) });
        if (canSee(boardCode, role)) expect(res.statusCode, url).toBe(200);
        else expect(res.statusCode, url).toBe(role === 'guest' ? 401 : 403);
      }
    },
  );

  it.each(boards.flatMap((boardCode) => roles.map((role) => ({ boardCode, role }))))(
    '$role listing $boardCode sees 비밀글입니다 and nothing of a secret post they may not read',
    async ({ boardCode, role }) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${boardCode}&size=100`, headers: t.auth(tokenOf(role)) });
      if (res.statusCode !== 200) return; // no list right: covered by the matrix
      const f = fixtures[boardCode]!;
      const secret = data<BoardItemPage>(res).content.find((i) => i.itemNo === f.secretNo);
      if (canSee(boardCode, role)) {
        expect(secret?.title).toBe(`${boardCode} 비밀 제목`);
        return;
      }
      if (secret) expect(secret).toMatchObject({ title: '비밀글입니다', content: '', files: [], thumbnailUrl: null });
      expect(res.body).not.toContain('비밀 제목');
      expect(res.body).not.toContain('비밀 본문');
      expect(res.body).not.toContain(f.secretFileId);
      const direct = await t.app.inject({ method: 'GET', url: `/api/board-item/${boardCode}/${f.secretNo}`, headers: t.auth(tokenOf(role)) });
      expect(direct.statusCode).toBe(role === 'guest' ? 401 : 403);
      expect(direct.body).not.toContain('비밀 제목');
    },
  );
});
