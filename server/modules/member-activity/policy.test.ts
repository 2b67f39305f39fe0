import { describe, expect, it } from 'vitest';
import type { Caller } from '../../auth/caller';
import { activityReader } from './policy';

const guest: Caller = { userId: null, userType: 'Guest', roleCode: 'GUEST', permissions: [] };
const member: Caller = { userId: 7, userType: 'Member', roleCode: 'MEMBER', permissions: ['MEMBER_Access'] };
const contentEditor: Caller = { userId: 6, userType: 'Member', roleCode: 'EDITOR', permissions: ['MEMBER_Access', 'CONTENT_Manage', 'STATS_View'] };
const adminRole: Caller = { userId: 8, userType: 'Member', roleCode: 'ADMIN', permissions: ['ADMIN_Access'] };
const systemAdmin: Caller = { userId: 1, userType: 'Admin', roleCode: 'ADMIN', permissions: [] };

describe('who reads a member\'s activity', () => {
  it.each([
    ['guest', guest, 7, null],
    ['member, their own', member, 7, 'self'],
    ['member, another member\'s', member, 9, null],
    ['content editor without member rights, another member\'s', contentEditor, 9, null],
    ['admin role, another member\'s (recorded)', adminRole, 9, 'staff'],
    ['admin role, their own (not recorded)', adminRole, 8, 'self'],
    ['system admin, another member\'s (recorded)', systemAdmin, 9, 'staff'],
  ] as const)('%s → %s', (_who, caller, memberId, reader) => {
    expect(activityReader(caller, memberId)).toBe(reader);
  });
});
