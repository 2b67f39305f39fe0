/** The content module's surface (issue 22): what other modules, the start-up and scripts may use. */
export { CONTENT_CACHE } from './service';
export { guestContent, guestContentVersions } from './guest-reads';
export { contentCodeAt, contentHead, contentLastModified, currentContentTexts, nextContentChange } from './heads';
export { currentTextsQuery } from './repo';
export type { ContentHead } from './heads';
export { seedMissingContent, INITIAL_EFFECTIVE_FROM } from './seed';
export type { InitialContent } from './seed';
