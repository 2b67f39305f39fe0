/** The user-key module's surface: what other modules, the start-up and scripts may use. */
export { keyLabel, normaliseKey } from './keys';
export { deleteTokensOfMember, markUsed } from './repo';
export { attemptPincode, deliverPincode, issuePincode, limitIdSends, takeConfirmedToken, validKey } from './service';
