/** The comment module's surface: what other modules, the start-up and scripts may use. */
export { commentCounts, commentCountsQuery, softDeleteCommentsOfPost } from './repo';
export { memberCommentsCountQuery, memberCommentsQuery } from './repo';
