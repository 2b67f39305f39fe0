/**
 * What the bench must undo however it ends (success, failure, Ctrl-C): stop the processes it
 * started, close the database, release the data directory lock. Newest first.
 */
type Cleanup = () => unknown;

const cleanups: Cleanup[] = [];
const interrupt = new AbortController();

/** Aborted on Ctrl-C or a kill: long loops (the seeding) stop at their next step. */
export const interrupted: AbortSignal = interrupt.signal;
let running: Promise<void> | undefined;

/** Registers `fn`; the returned function unregisters it once it has been done the normal way. */
export function onCleanup(fn: Cleanup): () => void {
  cleanups.push(fn);
  return () => {
    const i = cleanups.lastIndexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered cleanup once, newest first; a failing one does not stop the others. */
export function cleanUp(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop()!;
      try {
        await fn();
      } catch (err) {
        console.error('cleanup failed:', err instanceof Error ? err.message : err);
      }
    }
  })();
  return running;
}

/** Ctrl-C or a kill: clean up, then exit with the signal's conventional status. */
export function cleanUpOnSignals(): void {
  for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping everything the bench started...`);
      interrupt.abort(new Error(`interrupted by ${signal}`));
      void cleanUp().finally(() => process.exit(status));
    });
  }
}
