/** The site search module's surface (issue 23): what the start-up and housekeeping may use. */
export { searchRoutes } from './routes';
export { deleteSearchesBefore, POPULAR_DAYS } from './repo';
