/** The session module's surface: what other modules, the start-up and scripts may use. */
export { confirmOwnPassword } from './attempts';
export { findUserById, revokeAllOfUser, revokeOthersOfUser } from './repo';
