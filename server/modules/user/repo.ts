import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, outbox, role, signinFailure, userKeyToken } from '../../db/schema';

const detailColumns = {
  id: appUser.id,
  userKeyCode: appUser.userKeyCode,
  name: appUser.name,
  userType: appUser.userType,
  status: appUser.status,
  email: appUser.email,
  mobile: appUser.mobile,
  profile: appUser.profile,
  passwordHash: appUser.passwordHash,
  createdAt: appUser.createdAt,
  roleCode: role.roleCode,
  permissions: role.permissions,
};

export interface UserRecord {
  id: number;
  userKeyCode: string;
  name: string;
  userType: 'Member' | 'Admin';
  status: 'ACTIVE' | 'LOCKED' | 'RETIRED';
  email: string | null;
  mobile: string | null;
  profile: Record<string, unknown>;
  passwordHash: string;
  createdAt: Date;
  roleCode: string;
  permissions: string[];
}

export async function findUser(db: Db, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select(detailColumns).from(appUser).innerJoin(role, eq(role.roleCode, appUser.roleCode)).where(eq(appUser.id, id));
  return row;
}

export async function insertUser(db: Db, values: typeof appUser.$inferInsert): Promise<number> {
  const [row] = await db.insert(appUser).values(values).returning({ id: appUser.id });
  return row!.id;
}

/** The member a reset pincode may go to: an active account with this e-mail address. */
export async function findActiveUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.email, email), eq(appUser.status, 'ACTIVE')));
  return row?.id ?? null;
}

/** Find-ID: the accounts of a verified e-mail address or mobile number, oldest first; retired ones excluded. */
export async function findUsersByVerifiedKey(db: Db, keyType: 'EMAIL' | 'MOBILE', keyCode: string) {
  return db
    .select({ userKeyCode: appUser.userKeyCode, createdAt: appUser.createdAt })
    .from(appUser)
    .where(
      and(
        ne(appUser.status, 'RETIRED'),
        or(eq(appUser.userKeyCode, keyCode), keyType === 'EMAIL' ? eq(appUser.email, keyCode) : eq(appUser.mobile, keyCode)),
      ),
    )
    .orderBy(appUser.createdAt, appUser.id);
}

export async function updateUser(db: Db, id: number, values: Partial<typeof appUser.$inferInsert>): Promise<boolean> {
  const rows = await db.update(appUser).set(values).where(eq(appUser.id, id)).returning({ id: appUser.id });
  return rows.length === 1;
}

/** A new password for an active account; also lifts a sign-in lock. False if the account is not active. */
export async function setPassword(db: Db, id: number, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(appUser)
    .set({ passwordHash, failedSigninCount: 0, lockedUntil: null, modifiedAt: now })
    .where(and(eq(appUser.id, id), eq(appUser.status, 'ACTIVE')))
    .returning({ id: appUser.id });
  return rows.length === 1;
}

/** Retirement: pincode tokens and sent messages that name the member's addresses go too. */
export async function deleteTracesOf(db: Db, userId: number, addresses: { email: string | null; mobile: string | null }): Promise<void> {
  await db.delete(userKeyToken).where(eq(userKeyToken.userId, userId));
  if (addresses.email) {
    await db.delete(userKeyToken).where(and(eq(userKeyToken.keyType, 'EMAIL'), eq(userKeyToken.keyCode, addresses.email)));
  }
  if (addresses.mobile) {
    await db.delete(userKeyToken).where(and(eq(userKeyToken.keyType, 'MOBILE'), eq(userKeyToken.keyCode, addresses.mobile)));
  }
  const recipients = [addresses.email, addresses.mobile].filter((r): r is string => r !== null);
  if (recipients.length > 0) await db.delete(outbox).where(inArray(outbox.recipient, recipients));
  // Failed sign-ins keep the key typed, often the e-mail address or number.
  await db.delete(signinFailure).where(eq(signinFailure.userId, userId));
}
