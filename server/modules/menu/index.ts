/** The menu module's surface: what other modules, the start-up and scripts may use. */
export { menuAnswer, seedHeaderMenu } from './service';
export { headerMenuSeed } from './seed';
export type { StoredEntry } from './tree';
