// The boards' plain value lists, without zod (issue 11): the list and the post read them (search
// types, areas), and a module that builds schemas is built whole once any of its exports is used,
// zod with it, at the screen's first load. board.ts builds the schemas from them.

export const areas = ['Nids', 'Reference', 'Member'] as const;

export const listStyles = ['list', 'gallery', 'video', 'inquiry'] as const;
export type ListStyle = (typeof listStyles)[number];

export const boardActions = ['list', 'read', 'write', 'comment', 'download', 'manage'] as const;
export type BoardAction = (typeof boardActions)[number];

export const sortFields = ['createdDate', 'itemNo', 'viewCount', 'title'] as const;
export const searchTypes = ['title', 'content', 'titleContent', 'writer'] as const;
export type SearchType = (typeof searchTypes)[number];

/**
 * The hosts whose players a post may embed (https only): the server's sanitiser keeps iframes from
 * these alone, the Content-Security-Policy's frame-src names them, and the editor turns a pasted
 * address into one of their embed URLs (web/src/ui/editor/video-url.ts).
 */
export const videoHosts = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com', 'tv.naver.com', 'play-tv.kakao.com'] as const;
