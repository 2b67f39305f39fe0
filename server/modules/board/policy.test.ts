import { describe, expect, it } from 'vitest';
import { boardActions, type BoardAction, type BoardPermissionRoles } from '@contract';
import type { Caller } from '../../auth/caller';
import { seedBoards } from '../../seed/base';
import { canOnBoard, canSeePrivateItem, isPrivateItem, listOnlyOwn, type BoardRules } from './policy';

const guest: Caller = { userId: null, userType: 'Guest', roleCode: 'GUEST', permissions: [] };
const member: Caller = { userId: 10, userType: 'Member', roleCode: 'MEMBER', permissions: ['MEMBER_Access'] };
const otherMember: Caller = { userId: 11, userType: 'Member', roleCode: 'MEMBER', permissions: ['MEMBER_Access'] };
const admin: Caller = { userId: 1, userType: 'Admin', roleCode: 'ADMIN', permissions: ['ADMIN_Access', 'MEMBER_Access'] };
const callers = { guest, member, admin };

/**
 * What the issue asks of the eight boards, written out by hand:
 * L list, R read, W write, C comment, D download, M manage.
 */
const expected: Record<string, Record<keyof typeof callers, string>> = {
  notice: { guest: 'LRD', member: 'LRD', admin: 'LRWCDM' },
  public: { guest: 'LRD', member: 'LRD', admin: 'LRWCDM' },
  annualReport: { guest: 'LRD', member: 'LRD', admin: 'LRWCDM' },
  safetyInformation: { guest: 'LRD', member: 'LRD', admin: 'LRWCDM' },
  promotionVideo: { guest: 'LRD', member: 'LRD', admin: 'LRWCDM' },
  // Anyone may ask a question; only signed-in people see (their own) inquiries.
  contactus: { guest: 'W', member: 'LRWD', admin: 'LRWCDM' },
  memberNotice: { guest: '', member: 'LRD', admin: 'LRWCDM' },
  community: { guest: '', member: 'LRWCD', admin: 'LRWCDM' },
};

const letter: Record<BoardAction, string> = { list: 'L', read: 'R', write: 'W', comment: 'C', download: 'D', manage: 'M' };

const boards = new Map(seedBoards.map((b) => [b.boardCode, { listStyle: b.listStyle ?? 'list', permissions: b.permissions } as BoardRules]));

describe('canOnBoard: role × board × action', () => {
  it('covers the eight boards of the issue', () => {
    expect([...boards.keys()].sort()).toEqual(Object.keys(expected).sort());
  });

  const matrix = Object.entries(expected).flatMap(([boardCode, byRole]) =>
    Object.entries(byRole).flatMap(([role, allowed]) =>
      boardActions.map((action) => ({ boardCode, role: role as keyof typeof callers, action, allowed: allowed.includes(letter[action]) })),
    ),
  );

  it.each(matrix)('$role $action on $boardCode → $allowed', ({ boardCode, role, action, allowed }) => {
    expect(canOnBoard(callers[role], boards.get(boardCode)!, action)).toBe(allowed);
  });
});

describe('canOnBoard: how roles and administrators are recognised', () => {
  const adminsOnly: BoardPermissionRoles = { list: ['ADMIN'], read: ['ADMIN'], write: [], comment: [], download: [], manage: [] };
  const rules: BoardRules = { listStyle: 'list', permissions: adminsOnly };

  it('a role not named on the board may do nothing', () => {
    const editor: Caller = { userId: 5, userType: 'Member', roleCode: 'EDITOR', permissions: ['MEMBER_Access'] };
    for (const action of boardActions) expect(canOnBoard(editor, rules, action)).toBe(false);
  });

  it('a role named for one action gets only that action', () => {
    const board: BoardRules = { listStyle: 'list', permissions: { ...adminsOnly, write: ['EDITOR'] } };
    const editor: Caller = { userId: 5, userType: 'Member', roleCode: 'EDITOR', permissions: [] };
    expect(boardActions.filter((a) => canOnBoard(editor, board, a))).toEqual(['write']);
  });

  it('the ADMIN_Access permission makes any role an administrator, even with empty action lists', () => {
    const operator: Caller = { userId: 6, userType: 'Member', roleCode: 'OPERATOR', permissions: ['ADMIN_Access'] };
    for (const action of boardActions) expect(canOnBoard(operator, rules, action)).toBe(true);
  });

  it('a MEMBER_Access permission alone does not open member boards to a role not listed', () => {
    const community = boards.get('community')!;
    const partner: Caller = { userId: 7, userType: 'Member', roleCode: 'PARTNER', permissions: ['MEMBER_Access'] };
    expect(canOnBoard(partner, community, 'list')).toBe(false);
  });
});

describe('private posts', () => {
  const community = boards.get('community')!;
  const contactus = boards.get('contactus')!;
  const notice = boards.get('notice')!;
  const byMember = { writerId: member.userId, isSecret: true };
  const byGuest = { writerId: null, isSecret: true };

  it('secret posts and every inquiry are private; ordinary posts are not', () => {
    expect(isPrivateItem(community, { isSecret: true })).toBe(true);
    expect(isPrivateItem(community, { isSecret: false })).toBe(false);
    expect(isPrivateItem(contactus, { isSecret: false })).toBe(true);
    expect(isPrivateItem(notice, { isSecret: false })).toBe(false);
  });

  it.each([
    ['its writer', member, byMember, true],
    ['another member', otherMember, byMember, false],
    ['a guest', guest, byMember, false],
    ['an administrator', admin, byMember, true],
    // A guest's own post has no writer id: another guest must not match "null = null".
    ['a guest, on a guest’s post', guest, byGuest, false],
    ['a member, on a guest’s post', member, byGuest, false],
    ['an administrator, on a guest’s post', admin, byGuest, true],
  ] as const)('canSeePrivateItem: %s → %s', (_who, caller, item, allowed) => {
    expect(canSeePrivateItem(caller, community, item)).toBe(allowed);
    expect(canSeePrivateItem(caller, contactus, item)).toBe(allowed);
  });

  it('inquiry boards list only one’s own posts, except to managers; other boards list everything', () => {
    expect(listOnlyOwn(member, contactus)).toBe(true);
    expect(listOnlyOwn(guest, contactus)).toBe(true);
    expect(listOnlyOwn(admin, contactus)).toBe(false);
    expect(listOnlyOwn(member, community)).toBe(false);
    expect(listOnlyOwn(guest, notice)).toBe(false);
  });
});

describe('a guest never manages, whatever the settings say', () => {
  const inquiries: BoardRules = {
    listStyle: 'inquiry',
    permissions: { list: ['GUEST'], read: ['GUEST'], write: ['GUEST'], comment: [], download: [], manage: ['GUEST'] },
  };
  it('a guest role given manage on a board still cannot see others\' inquiries', () => {
    expect(canOnBoard(guest, inquiries, 'manage')).toBe(false);
    expect(canSeePrivateItem(guest, inquiries, { writerId: 10 })).toBe(false);
    expect(listOnlyOwn(guest, inquiries)).toBe(true);
    expect(canOnBoard(guest, inquiries, 'read')).toBe(true);
  });
  it('a guest role given ADMIN_Access is not an administrator', () => {
    const adminGuest: Caller = { ...guest, permissions: ['ADMIN_Access'] };
    expect(canOnBoard(adminGuest, inquiries, 'manage')).toBe(false);
    expect(canSeePrivateItem(adminGuest, inquiries, { writerId: 10 })).toBe(false);
  });
});
