import { randomInt } from 'node:crypto';
import { accountMessages, patterns, type UserKeyType } from '@contract';
import type { AppDeps } from '../../deps';
import { hashPincode, hashToken, newOpaqueToken, sameHash } from '../../auth/tokens';
import type { Db } from '../../db/client';
import type { KeyTokenPurpose } from '../../db/schema';
import { badRequest, conflict, tooManyRequests, upstreamFailed } from '../../errors';
import { addMs, MINUTE_MS } from '../../lib/clock';
import { pincodeEmail, pincodeSms } from '@server/modules/delivery';
import { keyFormatError, keyLabel, normaliseKey } from './keys';
import * as repo from './repo';
import { withTransaction } from '@server/db/transaction';

/** Rules of the accounts issue; docs/decisions/0006-account-tokens.md. */
export const PINCODE_TTL_MS = 5 * MINUTE_MS;
export const CONFIRMED_TOKEN_TTL_MS = 30 * MINUTE_MS;
export const MAX_PINCODE_TRIES = 5;
export const SEND_WINDOW_MS = 10 * MINUTE_MS;
export const SENDS_PER_WINDOW = 5;

type Deps = Pick<AppDeps, 'db' | 'keys' | 'clock' | 'delivery' | 'config'>;
export type VerifiedKeyType = 'EMAIL' | 'MOBILE';


/** The key as stored, or a 400 with the form's sentence when it is malformed. */
export function validKey(type: UserKeyType, code: string): string {
  const key = normaliseKey(type, code);
  const error = keyFormatError(type, key);
  if (error) throw badRequest(error, { field: 'userKeyCode' });
  return key;
}

/**
 * Whether an account has a key: the user module's `keyInUse` (the owner of app_user), which the
 * composition root hands to these routes (server/app.ts); the user module imports this one.
 */
export type KeyInUse = (db: Db, type: UserKeyType, code: string) => Promise<boolean>;

export async function checkExists(deps: Pick<AppDeps, 'db'>, keyInUse: KeyInUse, type: UserKeyType, code: string): Promise<boolean> {
  return keyInUse(deps.db, type, validKey(type, code));
}

export function newPincode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Makes a pending token with a fresh pincode, within the send limits of its key: one a minute
 * (config.pincodeResendMs), five in ten minutes. The limits count every token of the key, so a RESET token for an unknown
 * address counts exactly as one for a member's.
 */
export async function issuePincode(
  deps: Deps,
  input: { keyType: VerifiedKeyType; keyCode: string; purpose: KeyTokenPurpose; userId: number | null },
): Promise<{ token: string; pincode: string; tokenId: number }> {
  const now = deps.clock.now();
  const token = newOpaqueToken();
  const tokenHash = hashToken(token);
  const pincode = newPincode();
  const tokenId = await withTransaction(deps.db, async (tx) => {
    await repo.lockKey(tx, input.keyType, input.keyCode);
    const sends = await repo.countSends(tx, input.keyType, input.keyCode, {
      short: addMs(now, -deps.config.pincodeResendMs),
      long: addMs(now, -SEND_WINDOW_MS),
    });
    if (sends.short > 0) throw tooManyRequests(accountMessages.pincodeTooSoon);
    if (sends.long >= SENDS_PER_WINDOW) throw tooManyRequests(accountMessages.pincodeTooMany);
    await repo.pruneTokens(tx, addMs(now, -24 * 60 * MINUTE_MS));
    return repo.insertToken(tx, {
      tokenHash,
      keyType: input.keyType,
      keyCode: input.keyCode,
      purpose: input.purpose,
      pincodeHash: hashPincode(deps.keys, tokenHash, pincode),
      userId: input.userId,
      createdAt: now,
      expiresAt: addMs(now, PINCODE_TTL_MS),
    });
  });
  return { token, pincode, tokenId };
}

/** Sends the pincode by e-mail or SMS (throws DeliveryError when the transport fails). */
export function deliverPincode(deps: Deps, keyType: VerifiedKeyType, keyCode: string, pincode: string, purpose: KeyTokenPurpose) {
  if (keyType === 'EMAIL') {
    const { subject, text } = pincodeEmail(pincode, purpose);
    return deps.delivery.sendEmail(keyCode, subject, text, pincode);
  }
  return deps.delivery.sendSms(keyCode, pincodeSms(pincode), pincode);
}

/** `POST /api/user-key/check`: a pincode to an e-mail address or number, and its pending token. */
export async function sendPincode(
  deps: Deps,
  keyInUse: KeyInUse,
  input: { userKeyType: VerifiedKeyType; userKeyCode: string; purpose: 'SIGNUP' | 'FIND_ID' | 'CHANGE_KEY' },
): Promise<string> {
  const keyCode = validKey(input.userKeyType, input.userKeyCode);
  // A new account or a changed key must be free; finding an ID needs no check.
  if (input.purpose !== 'FIND_ID' && (await keyInUse(deps.db, input.userKeyType, keyCode))) {
    throw conflict(accountMessages.keyTaken(keyLabel(input.userKeyType)), { field: 'userKeyCode' });
  }
  const issued = await issuePincode(deps, { keyType: input.userKeyType, keyCode, purpose: input.purpose, userId: null });
  try {
    await deliverPincode(deps, input.userKeyType, keyCode, issued.pincode, input.purpose);
  } catch {
    // Nothing reached the person: the failed send must not hold up their next request.
    await repo.deleteToken(deps.db, issued.tokenId);
    throw upstreamFailed(accountMessages.pincodeSendFailed);
  }
  return issued.token;
}

/**
 * One pincode attempt on a pending token. Counts the attempt before comparing, so parallel
 * guesses cannot exceed five; the sixth attempt is refused even with the right code.
 */
export async function attemptPincode(
  deps: Pick<AppDeps, 'db' | 'keys' | 'clock'>,
  token: string | undefined,
  pincode: string,
  purposes: readonly KeyTokenPurpose[],
  /** The request field the token came in: a token that is spent (a new pincode is needed) is refused with it as `field`. */
  tokenField: 'userKeyToken' | 'userToken' = 'userKeyToken',
): Promise<repo.KeyTokenRow> {
  const now = deps.clock.now();
  const spent = (message: string) => badRequest(message, { field: tokenField });
  const row = token ? await repo.findToken(deps.db, hashToken(token)) : undefined;
  if (!row || row.status !== 'PENDING' || !purposes.includes(row.purpose)) throw spent(accountMessages.pincodeTokenMissing);
  if (row.tries >= MAX_PINCODE_TRIES) throw spent(accountMessages.pincodeTooManyTries);
  if (row.expiresAt.getTime() <= now.getTime()) throw spent(accountMessages.pincodeExpired);
  if (!patterns.pincode.test(pincode)) throw badRequest(accountMessages.pincodeFormat, { field: 'pincode' });
  const tries = await repo.countAttempt(deps.db, row.id, MAX_PINCODE_TRIES);
  if (tries === null) throw spent(accountMessages.pincodeTooManyTries);
  if (!sameHash(hashPincode(deps.keys, row.tokenHash, pincode), row.pincodeHash)) {
    // A wrong pincode is the spec's fixed failure sentence (spec §8), about the request as a whole.
    throw tries >= MAX_PINCODE_TRIES ? spent(accountMessages.pincodeTooManyTries) : badRequest(accountMessages.pincodeFailed);
  }
  return row;
}

/** `POST /api/user-key/confirm`: the right pincode turns the pending token into a confirmed one (30 minutes). */
export async function confirmPincode(deps: Deps, token: string | undefined, pincode: string): Promise<string> {
  const row = await attemptPincode(deps, token, pincode, ['SIGNUP', 'FIND_ID', 'CHANGE_KEY']);
  const now = deps.clock.now();
  const confirmed = newOpaqueToken();
  if (!(await repo.markConfirmed(deps.db, row.id, hashToken(confirmed), now, addMs(now, CONFIRMED_TOKEN_TTL_MS)))) {
    throw badRequest(accountMessages.pincodeTokenMissing, { field: 'userKeyToken' });
  }
  return confirmed;
}

/**
 * Find ID sends the full IDs to the token's key (issue 23) at the pincodes' pace: none within a
 * minute of the last (config.pincodeResendMs), five in ten minutes. A token confirmed earlier and
 * kept would otherwise let several sends go out at once. Run in the transaction that spends the
 * token, so a refusal leaves it usable; the key's lock serialises two spends of one key.
 */
export async function limitIdSends(tx: Db, deps: Pick<AppDeps, 'config'>, now: Date, row: repo.KeyTokenRow): Promise<void> {
  await repo.lockKey(tx, row.keyType, row.keyCode);
  const sends = await repo.countIdSends(tx, row.keyType, row.keyCode, row.id, {
    short: addMs(now, -deps.config.pincodeResendMs),
    long: addMs(now, -SEND_WINDOW_MS),
  });
  if (sends.short > 0) throw tooManyRequests(accountMessages.fullIdTooSoon);
  if (sends.long >= SENDS_PER_WINDOW) throw tooManyRequests(accountMessages.fullIdTooMany);
}

export type TakenToken = { ok: true; row: repo.KeyTokenRow } | { ok: false; reason: 'missing' | 'invalid' };

/**
 * Spends a confirmed token inside the caller's transaction. `missing`: no token, never
 * confirmed, or confirmed for another purpose or key; `invalid`: expired or already used.
 */
export async function takeConfirmedToken(
  tx: Db,
  now: Date,
  token: string | undefined,
  expect: { purpose: KeyTokenPurpose; keyType?: VerifiedKeyType; keyCode?: string },
): Promise<TakenToken> {
  const row = token ? await repo.findToken(tx, hashToken(token)) : undefined;
  if (
    !row ||
    row.status === 'PENDING' ||
    row.purpose !== expect.purpose ||
    (expect.keyType !== undefined && row.keyType !== expect.keyType) ||
    (expect.keyCode !== undefined && row.keyCode !== expect.keyCode)
  ) {
    return { ok: false, reason: 'missing' };
  }
  if (row.status === 'USED' || row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'invalid' };
  if (!(await repo.markUsed(tx, row.id, 'CONFIRMED', now))) return { ok: false, reason: 'invalid' };
  return { ok: true, row };
}
