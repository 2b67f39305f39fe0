import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, roleMessages, type RoleList, type RoleView } from '@contract';
import { sessionToken } from '../../test/tokens';
import { role } from '../../db/schema';
import { ROLE_ADMIN } from '../../seed/base';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, openSecondInstance, type TestApp } from '../../test/harness';
import { waitUntil } from '../../test/observe';
import { recorded } from '../../test/access-records';
import { expectRefusalMessage } from '../../test/refusals';

/** Roles and permissions (issue 9): the system admin only; admin rights granted or removed are recorded. */
let t: TestApp;
let sys: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  sys = t.auth(t.tokens.admin);
});
afterAll(async () => {
  await t?.close();
});

type Res = { statusCode: number; body: string };

const listRoles = (headers = sys) => t.app.inject({ method: 'GET', url: '/api/admin/roles', headers });
const patchRole = (roleCode: string, payload: object, headers = sys) => t.app.inject({ method: 'PATCH', url: `/api/admin/roles/${roleCode}`, headers, payload });
const createRole = (payload: object, headers = sys) => t.app.inject({ method: 'PUT', url: '/api/admin/roles', headers, payload });

const permissionsOf = async (roleCode: string) => (await t.db.select({ p: role.permissions }).from(role).where(eq(role.roleCode, roleCode)))[0]?.p;

describe('only the system admin', () => {
  it('guests 401, members 403 and an admin who is not the system admin 403, changing nothing', async () => {
    const deputy = await createMember(t.db, { roleCode: ROLE_ADMIN });
    const deputyHeaders = t.auth(await sessionToken(t.db, t.keys, deputy.id));
    const calls: [string, (h: Record<string, string>) => Promise<Res>][] = [
      ['list', (h) => listRoles(h)],
      ['patch', (h) => patchRole('MEMBER', { name: '바뀐이름' }, h)],
      ['create', (h) => createRole({ roleCode: 'NEW_ROLE', name: '새 권한', permissions: [] }, h)],
    ];
    for (const [name, send] of calls) {
      const guest = await send({});
      expect(guest.statusCode, `${name} as guest`).toBe(401);
      const member = await send(t.auth(t.tokens.member));
      expect(member.statusCode, `${name} as member`).toBe(403);
      expect(body(member)).toEqual({ code: 'FORBIDDEN', message: adminMessages.adminOnly });
      const deputyRes = await send(deputyHeaders);
      expect(deputyRes.statusCode, `${name} as a deputy admin`).toBe(403);
      expect(body(deputyRes)).toEqual({ code: 'FORBIDDEN', message: adminMessages.systemAdminOnly });
    }
    const [memberRole] = await t.db.select().from(role).where(eq(role.roleCode, 'MEMBER'));
    expect(memberRole!.name).toBe('일반회원');
    expect(await permissionsOf('NEW_ROLE')).toBeUndefined();
  });
});

describe('GET /api/admin/roles', () => {
  it('lists every role with its permissions, the members (not retired) who hold it, and the known permissions', async () => {
    await createMember(t.db, { status: 'RETIRED' });
    const roles = data<RoleList>(await listRoles());
    const byCode = Object.fromEntries(roles.content.map((r) => [r.roleCode, r]));
    expect(byCode.GUEST).toEqual({ roleCode: 'GUEST', name: '비회원', permissions: [], memberCount: 0, isGuestRole: true });
    expect(byCode.ADMIN).toMatchObject({ permissions: ['ADMIN_Access', 'MEMBER_Access', 'CONTENT_Manage', 'STATS_View'], isGuestRole: false });
    const [counted] = await t.database.raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user WHERE role_code = 'MEMBER' AND status <> 'RETIRED'`).then((r) => r.rows);
    expect(byCode.MEMBER!.memberCount).toBe(counted!.n);
    expect(roles.knownPermissions.map((p) => p.code)).toEqual(['ADMIN_Access', 'MEMBER_Access', 'CONTENT_Manage', 'STATS_View']);
  });
});

describe('PATCH /api/admin/roles/{roleCode}', () => {
  it('renames a role and changes permissions; nothing recorded when admin rights do not move', async () => {
    const records = await recorded(t.db, async () => {
      const view = data<RoleView>(await patchRole('MEMBER', { name: '정회원', permissions: ['MEMBER_Access', 'BOARD_Extra', 'BOARD_Extra'] }));
      expect(view).toMatchObject({ roleCode: 'MEMBER', name: '정회원', permissions: ['MEMBER_Access', 'BOARD_Extra'] });
    });
    expect(records).toEqual([]);
    expect(data<RoleView>(await patchRole('MEMBER', { name: '일반회원', permissions: ['MEMBER_Access'] })).name).toBe('일반회원');
  });

  it('giving a role ADMIN_Access writes ADMIN_GRANT with its member count, and its members are admins at their next request', async () => {
    const staff = await createMember(t.db, { roleCode: 'MEMBER' });
    const token = t.auth(await sessionToken(t.db, t.keys, staff.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: token })).statusCode).toBe(403);
    expect((await createRole({ roleCode: 'STAFF', name: '직원', permissions: ['MEMBER_Access'] })).statusCode).toBe(200);
    await t.database.raw.query('UPDATE app_user SET role_code = $1 WHERE id = $2', ['STAFF', staff.id]);

    const granted = await recorded(t.db, async () => {
      expect(data<RoleView>(await patchRole('STAFF', { permissions: ['MEMBER_Access', 'ADMIN_Access'] })).memberCount).toBe(1);
    });
    expect(granted.map((r) => [r.action, r.subjectType, r.subject, r.rowCount])).toEqual([['ADMIN_GRANT', 'role', '권한 STAFF (직원), 회원 1명', 1]]);
    expect(granted[0]!.detail).toEqual({ before: ['MEMBER_Access'], after: ['MEMBER_Access', 'ADMIN_Access'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: token })).statusCode).toBe(200);

    const revoked = await recorded(t.db, () => patchRole('STAFF', { permissions: ['MEMBER_Access'] }));
    expect(revoked.map((r) => r.action)).toEqual(['ADMIN_REVOKE']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: token })).statusCode).toBe(403);
  });

  it('refuses taking ADMIN_Access from the system admin\'s own role', async () => {
    const records = await recorded(t.db, async () => {
      expectRefusalMessage(await patchRole('ADMIN', { permissions: ['MEMBER_Access'] }), 403, roleMessages.ownAdminAccess);
    });
    expect(records).toEqual([]);
    expect(await permissionsOf('ADMIN')).toEqual(['ADMIN_Access', 'MEMBER_Access', 'CONTENT_Manage', 'STATS_View']);
    // Its name may change.
    expect(data<RoleView>(await patchRole('ADMIN', { name: '운영자' })).permissions).toEqual(['ADMIN_Access', 'MEMBER_Access', 'CONTENT_Manage', 'STATS_View']);
    await patchRole('ADMIN', { name: '관리자' });
  });

  it('refuses ADMIN_Access for the guest role; other guest permissions apply to guests at once', async () => {
    expectRefusalMessage(await patchRole('GUEST', { permissions: ['ADMIN_Access'] }), 400, roleMessages.guestAdminAccess);
    expect(await permissionsOf('GUEST')).toEqual([]);
    expect((await t.app.deps.settings.guestRole()).permissions).toEqual([]);
    expect(data<RoleView>(await patchRole('GUEST', { permissions: ['MEMBER_Access'] })).isGuestRole).toBe(true);
    // The settings cache (which holds the guest role) was dropped: the next guest has the new list.
    expect((await t.app.deps.settings.guestRole()).permissions).toEqual(['MEMBER_Access']);
    await patchRole('GUEST', { permissions: [] });
    expect((await t.app.deps.settings.guestRole()).permissions).toEqual([]);
  });

  it('a change of the guest role\'s permissions reaches another instance at once (NOTIFY), not after its cache ages', async () => {
    const other = await openSecondInstance(t);
    try {
      expect((await other.app.deps.settings.guestRole()).permissions).toEqual([]); // cached there now
      await patchRole('GUEST', { permissions: ['MEMBER_Access'] });
      await waitUntil(() => other.app.deps.settings.guestRole(), (g) => g.permissions.includes('MEMBER_Access'), 'the other instance to drop its settings', 3_000);
    } finally {
      await patchRole('GUEST', { permissions: [] });
      await other.close();
    }
  });

  it('an unknown role is 404; malformed input 400', async () => {
    expectRefusalMessage(await patchRole('NOPE', { name: '없음' }), 404, roleMessages.notFound);
    expectRefusalMessage(await patchRole('MEMBER', { name: '' }), 400, roleMessages.nameRequired);
    expectRefusalMessage(await patchRole('MEMBER', { permissions: ['has space'] }), 400, roleMessages.permissionFormat);
  });
});

describe('PUT /api/admin/roles', () => {
  it('creates a role members can then be given; a role with ADMIN_Access is recorded as a grant', async () => {
    const records = await recorded(t.db, async () => {
      const view = data<RoleView>(await createRole({ roleCode: 'AUDITOR', name: '감사', permissions: ['ADMIN_Access'] }));
      expect(view).toEqual({ roleCode: 'AUDITOR', name: '감사', permissions: ['ADMIN_Access'], memberCount: 0, isGuestRole: false });
    });
    expect(records.map((r) => [r.action, r.subject])).toEqual([['ADMIN_GRANT', '권한 AUDITOR (감사), 회원 0명']]);
    const member = await createMember(t.db);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${member.id}/role`, headers: sys, payload: { roleCode: 'AUDITOR' } })).statusCode).toBe(200);
  });

  it('refuses a taken code (409) and a malformed one (400)', async () => {
    const taken = await createRole({ roleCode: 'MEMBER', name: '중복', permissions: [] });
    expectRefusalMessage(taken, 409, roleMessages.duplicate);
    const malformed = await createRole({ roleCode: 'lower', name: '소문자', permissions: [] });
    expectRefusalMessage(malformed, 400, roleMessages.roleCodeFormat);
    const nameless = await createRole({ roleCode: 'NO_NAME', permissions: [] });
    expectRefusalMessage(nameless, 400);
    // The field the new-role form marks (issue 21).
    expect([taken, malformed, nameless].map((res) => body(res).field)).toEqual(['roleCode', 'roleCode', 'name']);
  });
});
