import { accountMessages, type UserDetail } from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { toKstIso } from '../../lib/time';
import { renameWriter } from '@server/modules/board';
import { revokeAllOfUser } from '@server/auth/refresh-tokens';
import { confirmOwnPassword } from './attempts';
import { takeConfirmedToken, validKey, keyLabel } from '@server/modules/user-key';
import { conflict } from '../../errors';
import { canChangeUser, canReachUser, canRetire } from './policy';
import { recordAccess } from '@server/modules/access-record';
import { maskKey } from './mask';
import { validateProfile } from './profile';
import { checkNewPassword, identityWords, siteWordsOf } from './password-policy';
import { checkName, keyTakenError } from './signup';
import * as repo from './repo';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;

function toDetail(row: repo.UserRecord): UserDetail {
  return {
    id: row.id,
    userKeyCode: row.userKeyCode,
    name: row.name,
    userType: row.userType,
    role: { roleCode: row.roleCode, permissions: row.permissions },
    email: row.email,
    mobile: row.mobile,
    profile: row.profile,
    createdDate: toKstIso(row.createdAt),
  };
}

/** The record if the caller may reach it: a guest is asked to sign in, another member is refused. */
async function reachableUser(deps: Deps, caller: Caller, id: number): Promise<repo.UserRecord> {
  if (caller.userId === null) throw unauthorized();
  if (!canReachUser(caller, id)) throw forbidden();
  const row = await repo.findUser(deps.db, id);
  if (!row) throw notFound();
  return row;
}

/** The record if the caller may change it: as `reachableUser`, and the system administrator's only by itself. */
async function changeableUser(deps: Deps, caller: Caller, id: number): Promise<repo.UserRecord> {
  const row = await reachableUser(deps, caller, id);
  if (!canChangeUser(caller, row)) throw forbidden();
  return row;
}

/** The signed-in caller's own record (for checking their password). */
async function callerRecord(deps: Deps, caller: Caller): Promise<repo.UserRecord> {
  if (caller.userId === null) throw unauthorized();
  const row = await repo.findUser(deps.db, caller.userId);
  if (!row) throw unauthorized();
  return row;
}

/**
 * Staff reaching another member's record through the member calls (not the console) see or change
 * personal data unmasked: each such call writes an access record (issue 9), in the transaction of
 * the change when there is one.
 */
async function recordStaffAccess(db: Db, deps: Deps, caller: Caller, target: repo.UserRecord, address: string, action: 'MEMBER_REVEAL' | 'MEMBER_UPDATE', what: string): Promise<void> {
  if (caller.userId === null || caller.userId === target.id) return;
  await recordAccess(db, { userId: caller.userId, address }, deps.clock.now(), {
    action,
    subjectType: 'member',
    // Records are kept for years and read by every admin: the key is masked when it is an address.
    subject: `회원 #${target.id} (${maskKey(target.userKeyCode, target)})`,
    detail: { via: what },
  });
}

export async function getUser(deps: Deps, caller: Caller, id: number, address: string): Promise<UserDetail> {
  const row = await reachableUser(deps, caller, id);
  await recordStaffAccess(deps.db, deps, caller, row, address, 'MEMBER_REVEAL', 'GET /api/user/{id}');
  return toDetail(row);
}

/** `PATCH /api/user/{id}`: name and extra profile fields, checked as at sign-up (only the fields sent). */
export async function updateUser(
  deps: Deps,
  caller: Caller,
  id: number,
  input: { name?: string; profile?: Record<string, unknown> },
  address: string,
): Promise<UserDetail> {
  const row = await changeableUser(deps, caller, id);
  if (row.status === 'RETIRED') throw forbidden();
  if (input.name !== undefined) checkName(input.name, 'name');
  let profile = row.profile;
  if (input.profile) {
    const { userProfiles } = await deps.settings.info();
    const checked = validateProfile(userProfiles, input.profile, { partial: true });
    if (!checked.ok) throw badRequest(checked.message, { field: checked.field });
    profile = { ...row.profile, ...checked.profile };
    // A cleared optional field is removed rather than kept with its old value.
    for (const field of userProfiles) {
      if (field.code in input.profile && !(field.code in checked.profile)) delete profile[field.code];
    }
  }
  await withTransaction(deps.db, async (tx) => {
    await repo.updateUser(tx, id, { name: input.name ?? row.name, profile, modifiedAt: deps.clock.now() });
    await recordStaffAccess(tx, deps, caller, row, address, 'MEMBER_UPDATE', 'PATCH /api/user/{id}');
  });
  return toDetail((await repo.findUser(deps.db, id))!);
}

/**
 * The caller's own password, asked again before a password or key change: the member's, or the
 * administrator's when they change another member's. Wrong ones count towards the sign-in lock.
 */
async function checkCurrentPassword(deps: Deps, caller: Caller, target: repo.UserRecord, currentPassword: string): Promise<void> {
  const self = target.id === caller.userId ? target : await callerRecord(deps, caller);
  await confirmOwnPassword(deps, self, currentPassword, undefined, 'currentPassword');
}

/**
 * `POST /api/user/change-password/{id}`. `currentPassword` is the caller's own password: a
 * member's current one, or an administrator's when they set another member's.
 */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  id: number,
  input: { currentPassword: string; password: string; passwordConfirm: string },
  address: string,
): Promise<void> {
  const target = await changeableUser(deps, caller, id);
  checkNewPassword(input.password, input.passwordConfirm, identityWords(target.userKeyCode, target.email), await siteWordsOf(deps.settings));
  await checkCurrentPassword(deps, caller, target, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    if (!(await repo.setPassword(tx, id, passwordHash, now))) throw forbidden();
    await revokeAllOfUser(tx, id, now);
    await recordStaffAccess(tx, deps, caller, target, address, 'MEMBER_UPDATE', 'POST /api/user/change-password/{id}');
  });
}

/**
 * `POST /api/user/change-user-key/{id}`: a new e-mail address or mobile number with its confirmed
 * CHANGE_KEY token. When the member signs in with that address, the sign-in key follows it.
 */
export async function changeUserKey(
  deps: Deps,
  caller: Caller,
  id: number,
  input: { userKeyType: 'EMAIL' | 'MOBILE'; userKeyCode: string; userKeyToken: string; currentPassword: string },
  address: string,
): Promise<UserDetail> {
  const row = await changeableUser(deps, caller, id);
  if (row.status === 'RETIRED') throw forbidden();
  // Re-authentication (issue 12): someone at a member's unlocked screen must not move the account
  // to an address of theirs (and then reset its password). Before any check that says whether the
  // new key is taken.
  await checkCurrentPassword(deps, caller, row, input.currentPassword);
  const type = input.userKeyType;
  const keyCode = validKey(type, input.userKeyCode);
  if (await repo.keyInUse(deps.db, type, keyCode)) throw conflict(accountMessages.keyTaken(keyLabel(type)), { field: 'userKeyCode' });
  const now = deps.clock.now();
  const previous = type === 'EMAIL' ? row.email : row.mobile;
  try {
    await withTransaction(deps.db, async (tx) => {
      const taken = await takeConfirmedToken(tx, now, input.userKeyToken, { purpose: 'CHANGE_KEY', keyType: type, keyCode });
      if (!taken.ok) {
        const missing = type === 'EMAIL' ? accountMessages.emailTokenMissing : accountMessages.mobileTokenMissing;
        throw badRequest(taken.reason === 'missing' ? missing : accountMessages.keyTokenInvalid, { field: 'userKeyToken' });
      }
      await repo.updateUser(tx, id, {
        ...(type === 'EMAIL' ? { email: keyCode } : { mobile: keyCode }),
        ...(previous !== null && row.userKeyCode === previous ? { userKeyCode: keyCode } : {}),
        modifiedAt: now,
      });
      await recordStaffAccess(tx, deps, caller, row, address, 'MEMBER_UPDATE', 'POST /api/user/change-user-key/{id}');
    });
  } catch (err) {
    throw keyTakenError(err, type) ?? err;
  }
  return toDetail((await repo.findUser(deps.db, id))!);
}

/**
 * `POST /api/user/retire`. The account can no longer sign in; name, e-mail, mobile, profile and
 * password are erased at once; the member's posts show 탈퇴한 회원. An ID stays reserved; a key
 * that is an e-mail address or number is personal data and is freed (docs/decisions/0006).
 */
export async function retire(deps: Deps, caller: Caller, input: { password: string; reason?: string }): Promise<void> {
  const row = await callerRecord(deps, caller);
  if (!canRetire(caller)) throw forbidden();
  await confirmOwnPassword(deps, row, input.password);
  await withTransaction(deps.db, (tx) => eraseRetiringMember(tx, row, deps.clock.now(), input.reason));
}

/**
 * What retirement does to an account, whoever retires it (the member here, an administrator in
 * modules/admin-member): run inside the caller's transaction.
 */
export async function eraseRetiringMember(
  tx: Db,
  row: Pick<repo.UserRecord, 'id' | 'userKeyCode' | 'email' | 'mobile'>,
  now: Date,
  reason: string | undefined,
): Promise<void> {
  const keyIsAddress = row.userKeyCode === row.email || row.userKeyCode === row.mobile;
  await repo.updateUser(tx, row.id, {
    status: 'RETIRED',
    retiredAt: now,
    retireReason: reason?.trim() || null,
    userKeyCode: keyIsAddress ? `retired:${row.id}` : row.userKeyCode,
    name: accountMessages.retiredMemberName,
    email: null,
    mobile: null,
    profile: {},
    passwordHash: '',
    failedSigninCount: 0,
    lockedUntil: null,
    modifiedAt: now,
  });
  await renameWriter(tx, row.id, accountMessages.retiredMemberName);
  await revokeAllOfUser(tx, row.id, now);
  await repo.deleteTracesOf(tx, row.id, { email: row.email, mobile: row.mobile });
}
