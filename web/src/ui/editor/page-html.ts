import type { Attribute, NodeViewRenderer } from '@tiptap/core';
import { DOMSerializer, type DOMOutputSpec, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { contentClasses } from '@contract/content-values';

/**
 * What the editor's page-layout extensions share (issue 22): the closed list of page classes, and
 * the pages' habit of writing a short item's text straight into its element (`<li>text</li>`,
 * `<td>text</td>`) where the editor holds a paragraph.
 */

const classesByTag: Readonly<Record<string, readonly string[]>> = contentClasses;

/** The element's classes that are page classes for its tag (contract/content-values.ts), in their order; null if none. */
export function pageClassesOf(element: HTMLElement): string | null {
  const allowed = classesByTag[element.tagName.toLowerCase()];
  if (!allowed) return null;
  const kept = [...element.classList].filter((name) => allowed.includes(name));
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * A node's or mark's `class`: the page classes read from its element and nothing else, as the
 * server's sanitiser keeps them. `keepOnSplit` says whether Enter hands the look on (the next
 * card is a card; the paragraph after a note is plain text).
 */
export function pageClassAttribute(keepOnSplit = false): Attribute {
  return {
    default: null,
    keepOnSplit,
    parseHTML: pageClassesOf,
    renderHTML: (attributes) => (typeof attributes.class === 'string' && attributes.class ? { class: attributes.class } : {}),
  };
}

const inlineTags = new Set(['A', 'ABBR', 'B', 'BR', 'CODE', 'EM', 'I', 'MARK', 'S', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'U']);

/** Whether the element's content starts with text (or an inline element) rather than a block such as <p>. */
export function startsWithInline(element: HTMLElement): boolean {
  for (const child of element.childNodes) {
    if (child.nodeType === 3) {
      if ((child.textContent ?? '').trim() !== '') return true;
    } else if (child.nodeType === 1) {
      return inlineTags.has(child.nodeName);
    }
  }
  return false;
}

const isPlainParagraph = (node: ProseMirrorNode | null): node is ProseMirrorNode => node?.type.name === 'paragraph' && !node.attrs.class;

/**
 * Renders `spec` (a node's element with its content hole) holding `node`'s content, its first
 * paragraph written as bare text when it is a plain one: `<li>text<ol>…</ol></li>`, not
 * `<li><p>text</p><ol>…</ol></li>`. Returned as a DOM node, so the editor shows such a node
 * through a node view (editableAs) and this serves the HTML the editor gives out.
 */
export function withBareLead(spec: DOMOutputSpec, node: ProseMirrorNode): HTMLElement {
  const serializer = DOMSerializer.fromSchema(node.type.schema);
  const { dom, contentDOM } = DOMSerializer.renderSpec(document, spec);
  const into = contentDOM ?? dom;
  const first = node.firstChild;
  if (isPlainParagraph(first)) {
    into.append(serializer.serializeFragment(first.content), serializer.serializeFragment(node.content.cut(first.nodeSize)));
  } else {
    into.append(serializer.serializeFragment(node.content));
  }
  return dom;
}

/**
 * A node view that is just the element with its content, for the nodes whose saved HTML is not
 * what the editor shows (a list item written by withBareLead, a question that opens shown open).
 * `editorClass` styles it while writing; it never reaches the saved HTML.
 */
export function editableAs(tag: string, editorClass?: string): NodeViewRenderer {
  return ({ node, HTMLAttributes }) => {
    const dom = document.createElement(tag);
    for (const [name, value] of Object.entries(HTMLAttributes)) {
      if (value !== null && value !== undefined) dom.setAttribute(name, String(value));
    }
    if (editorClass) dom.classList.add(editorClass);
    return {
      dom,
      contentDOM: dom,
      // New attributes (a class) draw the element again.
      update: (updated) => updated.sameMarkup(node),
    };
  };
}
