import { Mark } from '@tiptap/core';
import { Code } from '@tiptap/extension-code';
import { pageClassAttribute, pageClassesOf } from './page-html';

/**
 * Inline code as the pages use it: a stored item's name in the privacy policy
 * (`<code class="terms-table__item">`). Kept where it was read; nothing makes it while writing
 * (no button, no backticks, no shortcut), as the posts' editor never did.
 */
export const KeptCode = Code.extend({
  addAttributes() {
    return { class: pageClassAttribute() };
  },
  addKeyboardShortcuts() {
    return {};
  },
  addInputRules() {
    return [];
  },
  addPasteRules() {
    return [];
  },
});

/**
 * A span the pages write: a page class (`terms__nowrap` keeps a phrase on one line) or none (a link
 * list's description beside its link). A span with anything else (a pasted style, an unknown
 * class) is not one: its text is kept without it, as before.
 */
export const PageSpan = Mark.create({
  name: 'pageSpan',
  // Text typed after the span is not in it.
  inclusive: false,

  addAttributes() {
    return { class: pageClassAttribute() };
  },

  parseHTML() {
    return [
      {
        tag: 'span',
        getAttrs: (element) => {
          const names = element.getAttributeNames();
          if (names.length === 0) return null;
          return names.length === 1 && names[0] === 'class' && pageClassesOf(element) !== null ? null : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});
