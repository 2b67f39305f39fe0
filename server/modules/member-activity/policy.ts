import { isAdmin, type Caller } from '../../auth/caller';

/**
 * Who reads a member's activity (My page's tabs, issue 23): the member themself, or staff the
 * member console lets in (ADMIN_Access, or the system administrator); staff reading another
 * member's is an access to personal data and is recorded. A guest and any other member: none.
 */
export function activityReader(caller: Pick<Caller, 'userId' | 'userType' | 'permissions'>, memberId: number): 'self' | 'staff' | null {
  if (caller.userId === null) return null;
  if (caller.userId === memberId) return 'self';
  return isAdmin(caller) ? 'staff' : null;
}
