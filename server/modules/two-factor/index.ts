/** The two-factor module's surface: what other modules, the start-up and scripts may use. */
export { confirmedFactor, verifySecondFactor } from './service';
// Secrets at rest (issue 25): start-up, the rotation command and backups use these.
export { prepareStoredSecrets, rotateFieldKeyFile, sealSecrets, storedSecretKeys } from './sealing';
