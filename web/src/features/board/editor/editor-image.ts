import Image from '@tiptap/extension-image';

/**
 * Images just uploaded are shown from the writer's own copy (a blob: URL) while writing: the
 * browser fetches `<img src>` without the bearer token, and an upload not yet taken by a post is
 * readable only by its uploader. The saved HTML keeps the server URL (renderHTML is unchanged).
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
