/**
 * Whether the server named this screen's own files in the HTML (server/modules/seo/first-load.ts
 * marks its tags with `data-first-screen`). Vite's own modulepreload links (the entry's runtime and
 * vendor chunks) are in every page and say nothing about the screen, so they do not count.
 */
export const firstScreenSelector = 'link[data-first-screen]';

export function serverNamedFirstScreen(doc: Pick<ParentNode, 'querySelector'>): boolean {
  return doc.querySelector(firstScreenSelector) !== null;
}
