/** The delivery module's surface: what other modules, the start-up and scripts may use. */
export type { Delivery } from './service';
export { fullIdEmail, fullIdSms, pincodeEmail, pincodeSms } from './templates';
export { deleteMessagesBefore, deleteMessagesTo } from './service';
