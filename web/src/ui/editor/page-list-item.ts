import { mergeAttributes } from '@tiptap/core';
import { ListItem } from '@tiptap/extension-list';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { editableAs, pageClassAttribute, startsWithInline, withBareLead } from './page-html';

/**
 * A list item as the pages write it (issue 22): a card or a step starts with its title (an h3, not a
 * paragraph) and keeps its class (info-card, info-process__step); an item read as bare text
 * (`<li>text</li>`, `<li>text<ol>…</ol></li>`) is written back so, and the items Enter makes after
 * it too. An item the toolbar makes holds a paragraph as before (`<li><p>text</p></li>`).
 */
export const PageListItem = ListItem.extend({
  content: '(paragraph | heading) block*',

  addAttributes() {
    return {
      ...this.parent?.(),
      class: pageClassAttribute(true),
      bare: { default: false, keepOnSplit: true, rendered: false, parseHTML: startsWithInline },
    };
  },

  renderHTML({ node, HTMLAttributes }) {
    const item: DOMOutputSpec = ['li', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), 0];
    return node.attrs.bare ? withBareLead(item, node) : item;
  },

  addNodeView() {
    return editableAs('li');
  },
});
