/**
 * Password checks of one account run one after another in this process. Each attempt is counted
 * before its check (attempts.ts), so simultaneous right sign-ins of one account (a script, a shared
 * office account, a double submit) would add up to the lock before any of them cleared the count;
 * one at a time, each clears it before the next is counted. Across instances at most one check per
 * instance runs at once, and the count still bounds a burst to the lock's five.
 */
const queues = new Map<number, Promise<void>>();

export async function oneAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const before = queues.get(userId) ?? Promise.resolve();
  const mine = before.then(work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  queues.set(userId, settled);
  try {
    return await mine;
  } finally {
    // The last in line leaves no entry behind.
    if (queues.get(userId) === settled) queues.delete(userId);
  }
}

/** Accounts with checks queued or running (for the test that nothing is left behind). */
export const queuedAccounts = () => queues.size;
