import Image from '@tiptap/extension-image';

/**
 * Images just uploaded are shown from the writer's own copy (a blob: URL) while writing, so they
 * appear at once without another round trip. The saved HTML keeps the server URL (renderHTML is
 * unchanged), which the browser loads with the file cookie (server/auth/file-cookie.ts).
 */
const previews = new Map<string, string>();

export function rememberPreview(serverUrl: string, file: Blob): void {
  if (!previews.has(serverUrl)) previews.set(serverUrl, URL.createObjectURL(file));
}

const shownSrc = (src: unknown) => (typeof src === 'string' ? (previews.get(src) ?? src) : '');

export const EditorImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      img.src = shownSrc(node.attrs.src);
      img.alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
      return {
        dom: img,
        update: (updated) => {
          if (updated.type.name !== node.type.name) return false;
          img.src = shownSrc(updated.attrs.src);
          img.alt = typeof updated.attrs.alt === 'string' ? updated.attrs.alt : '';
          return true;
        },
      };
    };
  },
});
