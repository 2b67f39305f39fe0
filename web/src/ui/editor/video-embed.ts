import { Node, mergeAttributes } from '@tiptap/core';
import { isVideoEmbedSrc } from './video-url';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Inserts a player from an allowed video host (see video-url.ts). */
      setVideoEmbed: (attrs: { src: string; title: string }) => ReturnType;
    };
  }
}

/**
 * A video player as a block: saved as `<iframe src title allowfullscreen>`, the only form the
 * server's sanitiser keeps. While writing it shows as a labelled box instead of a live player,
 * so the editor never loads other sites' scripts and the keyboard does not get caught in a frame.
 */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: { default: null },
      title: { default: '동영상' },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (element) => {
          const src = element.getAttribute('src') ?? '';
          return isVideoEmbedSrc(src) ? { src, title: element.getAttribute('title') || '동영상' } : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes({ width: '640', height: '360', allowfullscreen: 'true' }, HTMLAttributes)];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'editor-video';
      dom.contentEditable = 'false';
      const label = document.createElement('strong');
      label.textContent = String(node.attrs.title ?? '동영상');
      const src = document.createElement('span');
      src.className = 'editor-video__src';
      src.textContent = String(node.attrs.src ?? '');
      dom.append(label, src);
      return { dom };
    };
  },

  addCommands() {
    return {
      setVideoEmbed:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
