/** The visit module's surface (issue 23): the counter the app and the web answers use, its routes, housekeeping's deletes. */
export { VisitCounter } from './counter';
export type { Hit } from './counter';
export { visitRoutes } from './routes';
export { deleteVisitorKeysBefore, deleteVisitsBefore } from './repo';
