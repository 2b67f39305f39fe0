import { describe, expect, it } from 'vitest';
import { loginUser } from '@contract';
import { readLoginUser } from './login-user';

const member = { id: 7, userKeyCode: 'hong1234', name: '홍길동', userType: 'Member', role: { roleCode: 'MEMBER', permissions: ['MEMBER_Access'] } };

/** What the schema makes of a value: the parsed user, or null where it refuses. */
const bySchema = (value: unknown) => {
  const parsed = loginUser.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('readLoginUser agrees with the contract\'s loginUser schema', () => {
  it.each([
    ['a member', member],
    ['an administrator with no permissions', { ...member, userType: 'Admin', role: { roleCode: 'ADMIN', permissions: [] } }],
    ['extra fields (dropped, as the schema drops them)', { ...member, email: 'a@b.kr', role: { ...member.role, label: 'x' } }],
    ['a fractional id', { ...member, id: 7.5 }],
    ['an id as text', { ...member, id: '7' }],
    ['no name', { ...member, name: undefined }],
    ['an unknown user type', { ...member, userType: 'Guest' }],
    ['no role', { ...member, role: null }],
    ['a permission that is not text', { ...member, role: { roleCode: 'MEMBER', permissions: [1] } }],
    ['permissions that are not a list', { ...member, role: { roleCode: 'MEMBER', permissions: 'MEMBER_Access' } }],
    ['null', null],
    ['a string', 'member'],
    ['a list', [member]],
  ])('%s', (_, value) => {
    expect(readLoginUser(value)).toEqual(bySchema(value));
  });

  it('accepts a member (the cases above are not all refusals)', () => {
    expect(readLoginUser(member)).toEqual(member);
  });
});
