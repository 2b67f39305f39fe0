/** The user module's surface: what other modules, the start-up and scripts may use. */
export { keyIsAddress, maskKey, maskUserKey } from './mask';
export { eraseRetiringMember } from './my-page';
export { accountLockedError, confirmOwnPassword, reserveAttempt, returnAttempt, type SecondFactorCheck } from './attempts';
export { oneAtATime } from './one-at-a-time';
export { clearFailedSignins, deleteSigninFailuresBefore, findUserById, findUserBySigninKey, holdUserById, insertSigninFailure, type UserWithRole } from './repo';
export { memberCounts, memberCountsQuery, signinFailureCounts, signinFailureCountsQuery } from './repo';
export { roleHolderCount, roleHolderCounts } from './repo';
export { activeMembersSharingMobile, activeMembersWithout, keyInUse, memberName } from './repo';
export { exportQuery, findMember, listMembers, updateMember, type MemberListRow, type MemberRecord } from './repo';
// The first administrator's password (seed, issue 25).
export { firstAdminPasswordProblem } from './password-policy';
