/** The popup module's surface: what other modules, the start-up and scripts may use. */
export { activePopupsAnswer, POPUP_CACHE } from './active';
