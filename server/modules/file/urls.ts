/** Public URLs of stored files (spec §7: /api/file/ and /api/file/thumbnail/). */
export const fileUrl = (id: string) => `/api/file/${id}`;
export const thumbnailUrl = (id: string) => `/api/file/thumbnail/${id}`;
