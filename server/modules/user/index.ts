/** The user module's surface: what other modules, the start-up and scripts may use. */
export { keyIsAddress, maskKey, maskUserKey } from './mask';
export { eraseRetiringMember } from './my-page';
