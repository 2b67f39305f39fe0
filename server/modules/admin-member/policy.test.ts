import { describe, expect, it } from 'vitest';
import { memberMessages } from '@contract';
import type { Caller } from '../../auth/caller';
import { grantBeyondCaller, memberActionRefusal, selfDemotion, type MemberAction, type MemberTarget } from './policy';

const actions: MemberAction[] = ['changeRole', 'lock', 'unlock', 'clearLockout', 'signOut', 'retire'];
const caller: Pick<Caller, 'userId' | 'userType'> = { userId: 1, userType: 'Admin' };
const member = (over: Partial<MemberTarget> = {}): MemberTarget => ({ id: 2, userType: 'Member', status: 'ACTIVE', adminAccess: false, ...over });
const outcome = (target: MemberTarget, action: MemberAction, who = caller) => memberActionRefusal(who, target, action)?.message ?? 'ok';

describe('memberActionRefusal: target x action', () => {
  it.each(actions)('an active member: every action but unlock (%s)', (action) => {
    expect(outcome(member(), action)).toBe(action === 'unlock' ? memberMessages.notLocked : 'ok');
  });

  it('a locked member can be unlocked, not locked again', () => {
    expect(outcome(member({ status: 'LOCKED' }), 'unlock')).toBe('ok');
    expect(outcome(member({ status: 'LOCKED' }), 'lock')).toBe(memberMessages.alreadyLocked);
  });

  it.each(actions)('a retired member: nothing (%s)', (action) => {
    expect(memberActionRefusal(caller, member({ status: 'RETIRED' }), action)).toEqual({ kind: 'state', message: memberMessages.retired });
  });

  it('the system admin: never locked, retired or given another role; signed out only by itself', () => {
    const sys = member({ id: 9, userType: 'Admin' });
    expect(actions.map((a) => [a, outcome(sys, a)])).toEqual([
      ['changeRole', memberMessages.systemAdminProtected],
      ['lock', memberMessages.systemAdminProtected],
      ['unlock', memberMessages.notLocked],
      ['clearLockout', 'ok'],
      ['signOut', memberMessages.systemAdminSignOut],
      ['retire', memberMessages.systemAdminProtected],
    ]);
    expect(outcome(sys, 'signOut', { userId: 9, userType: 'Admin' })).toBe('ok');
  });

  it('another administrator: locked or retired by the system admin only; the rest by any administrator', () => {
    const peer = member({ adminAccess: true });
    const roleAdmin = { userId: 1, userType: 'Member' as const };
    expect(actions.map((a) => [a, outcome(peer, a, roleAdmin)])).toEqual([
      ['changeRole', 'ok'],
      ['lock', memberMessages.peerAdminProtected],
      ['unlock', memberMessages.notLocked],
      ['clearLockout', 'ok'],
      ['signOut', 'ok'],
      ['retire', memberMessages.peerAdminProtected],
    ]);
    expect(actions.map((a) => outcome(peer, a))).toEqual(['ok', 'ok', memberMessages.notLocked, 'ok', 'ok', 'ok']);
    // A locked administrator is unlocked by any administrator.
    expect(outcome(member({ adminAccess: true, status: 'LOCKED' }), 'unlock', roleAdmin)).toBe('ok');
  });

  it('oneself: no lock, no retirement; the rest as for anyone', () => {
    const self = member({ id: 1 });
    expect(actions.map((a) => [a, outcome(self, a)])).toEqual([
      ['changeRole', 'ok'],
      ['lock', memberMessages.selfAction],
      ['unlock', memberMessages.notLocked],
      ['clearLockout', 'ok'],
      ['signOut', 'ok'],
      ['retire', memberMessages.selfAction],
    ]);
  });

  it('a role change that takes away the caller\'s own ADMIN_Access is self-demotion', () => {
    expect(selfDemotion(caller, 1, ['MEMBER_Access'])).toBe(true);
    expect(selfDemotion(caller, 1, ['ADMIN_Access'])).toBe(false);
    expect(selfDemotion(caller, 2, [])).toBe(false);
  });
});

describe('grantBeyondCaller: who may give which rights (issue 25)', () => {
  const system = { userType: 'Admin' as const, permissions: ['ADMIN_Access', 'MEMBER_Access'] };
  const byRole = { userType: 'Member' as const, permissions: ['ADMIN_Access', 'MEMBER_Access', 'STATS_View'] };
  const member = ['MEMBER_Access'];

  it('only the system admin gives ADMIN_Access', () => {
    expect(grantBeyondCaller(byRole, member, ['ADMIN_Access', 'MEMBER_Access'])).toBe(true);
    expect(grantBeyondCaller(byRole, [], ['ADMIN_Access'])).toBe(true);
    expect(grantBeyondCaller(system, member, ['ADMIN_Access', 'MEMBER_Access'])).toBe(false);
  });

  it('an administrator by role gives only rights they hold themselves', () => {
    expect(grantBeyondCaller(byRole, member, ['MEMBER_Access', 'STATS_View'])).toBe(false);
    expect(grantBeyondCaller(byRole, member, ['MEMBER_Access', 'CONTENT_Manage'])).toBe(true);
    expect(grantBeyondCaller(system, member, ['MEMBER_Access', 'CONTENT_Manage'])).toBe(false);
  });

  it('taking rights away, or moving between roles with the same rights, is never a grant', () => {
    expect(grantBeyondCaller(byRole, ['ADMIN_Access', 'CONTENT_Manage'], member)).toBe(false);
    expect(grantBeyondCaller(byRole, ['ADMIN_Access', 'CONTENT_Manage'], ['CONTENT_Manage', 'ADMIN_Access'])).toBe(false);
    expect(grantBeyondCaller(byRole, ['CONTENT_Manage'], [])).toBe(false);
  });
});
