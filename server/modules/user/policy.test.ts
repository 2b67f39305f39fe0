import { describe, expect, it } from 'vitest';
import type { Caller } from '../../auth/caller';
import { canChangeUser, canReachUser, canRetire } from './policy';

const guest: Caller = { userId: null, userType: 'Guest', roleCode: 'GUEST', permissions: [] };
const member: Caller = { userId: 7, userType: 'Member', roleCode: 'MEMBER', permissions: ['MEMBER_Access'] };
const adminRole: Caller = { userId: 8, userType: 'Member', roleCode: 'ADMIN', permissions: ['ADMIN_Access'] };
const systemAdmin: Caller = { userId: 1, userType: 'Admin', roleCode: 'ADMIN', permissions: ['ADMIN_Access'] };

describe('user record policy', () => {
  it.each([
    ['guest', guest, 7, false],
    ['member, own record', member, 7, true],
    ['member, another record', member, 9, false],
    ['admin role, another record', adminRole, 9, true],
    ['system admin, another record', systemAdmin, 9, true],
  ] as const)('%s → %s', (_who, caller, userId, allowed) => {
    expect(canReachUser(caller, userId)).toBe(allowed);
  });

  it.each([
    ['member, own record', member, { id: 7, userType: 'Member', permissions: ['MEMBER_Access'] }, true],
    ['member, another record', member, { id: 9, userType: 'Member', permissions: ['MEMBER_Access'] }, false],
    ['admin role, a member', adminRole, { id: 9, userType: 'Member', permissions: ['MEMBER_Access'] }, true],
    ['admin role, its own record', adminRole, { id: 8, userType: 'Member', permissions: ['ADMIN_Access'] }, true],
    ['admin role, another administrator by role', adminRole, { id: 10, userType: 'Member', permissions: ['ADMIN_Access'] }, false],
    ['admin role, the system administrator', adminRole, { id: 1, userType: 'Admin', permissions: ['ADMIN_Access'] }, false],
    ['system admin, its own record', systemAdmin, { id: 1, userType: 'Admin', permissions: ['ADMIN_Access'] }, true],
    ['system admin, another system administrator', systemAdmin, { id: 2, userType: 'Admin', permissions: ['ADMIN_Access'] }, false],
    ['system admin, an administrator by role', systemAdmin, { id: 10, userType: 'Member', permissions: ['ADMIN_Access'] }, true],
    ['system admin, a member', systemAdmin, { id: 9, userType: 'Member', permissions: ['MEMBER_Access'] }, true],
    ['guest, the system administrator', guest, { id: 1, userType: 'Admin', permissions: ['ADMIN_Access'] }, false],
  ] as const)('changing: %s → %s', (_who, caller, target, allowed) => {
    expect(canChangeUser(caller, target)).toBe(allowed);
  });

  it('members retire themselves; guests and the system administrator cannot', () => {
    expect(canRetire(member)).toBe(true);
    expect(canRetire(adminRole)).toBe(true);
    expect(canRetire(guest)).toBe(false);
    expect(canRetire(systemAdmin)).toBe(false);
  });
});
