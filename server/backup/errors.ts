/**
 * A refusal or failure the operator can act on. The command-line tools print its message as it is
 * (no stack trace); its text names tables, paths and counts, never a row's contents.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
