import { Table, TableHeader, TableView } from '@tiptap/extension-table';
import { DOMSerializer, type DOMOutputSpec, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import { withBareLead } from './page-html';

/**
 * Header cells say what they head (scope), so a screen reader reads a cell with its header. The
 * toolbar's tables have one header row (scope="col"); a header cell read from saved or pasted HTML
 * keeps its scope, or heads a column in the first row and a row elsewhere.
 */
export const ScopedTableHeader = TableHeader.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      scope: {
        default: 'col',
        parseHTML: (element) => {
          const given = element.getAttribute('scope');
          if (given === 'col' || given === 'row') return given;
          const row = element.closest('tr');
          return row && row.rowIndex > 0 ? 'row' : 'col';
        },
      },
    };
  },
});

const childOf = (element: HTMLElement, tagName: string) => [...element.children].find((child) => child.tagName === tagName);

/** A table's caption, its text with white space as the browser shows it; null without one. */
function captionOf(element: HTMLElement): string | null {
  const text = childOf(element, 'CAPTION')?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

const captionText = (node: ProseMirrorNode) => (typeof node.attrs.caption === 'string' && node.attrs.caption ? node.attrs.caption : null);

/** The rows that head the columns: the first rows whose every cell is a column header. */
function headRowCount(table: ProseMirrorNode): number {
  let count = 0;
  for (; count < table.childCount; count += 1) {
    let allHeadings = true;
    table.child(count).forEach((cell) => {
      if (cell.type.name !== 'tableHeader' || cell.attrs.scope !== 'col') allHeadings = false;
    });
    if (!allHeadings) break;
  }
  return count;
}

/**
 * A table as the pages write it: `<table><caption>…</caption><thead>…</thead><tbody>…</tbody></table>`,
 * a cell's one paragraph as bare text (`<td>text</td>`), without the editor's column sizes. The
 * public screens read the head row for the column names a phone shows beside each cell
 * (web/src/lib/content/content-html.ts).
 */
function plainTable(table: ProseMirrorNode, attributes: Record<string, unknown>): HTMLElement {
  const serializer = DOMSerializer.fromSchema(table.type.schema);
  const { dom } = DOMSerializer.renderSpec(document, ['table', attributes]);
  const caption = captionText(table);
  if (caption) {
    const element = dom.appendChild(document.createElement('caption'));
    element.textContent = caption;
  }
  const heads = headRowCount(table);
  const section = (tag: 'thead' | 'tbody', from: number, to: number) => {
    if (from >= to) return;
    const group = dom.appendChild(document.createElement(tag));
    for (let index = from; index < to; index += 1) {
      const row = table.child(index);
      const { dom: rowDom, contentDOM } = DOMSerializer.renderSpec(document, serializer.nodes.tableRow!(row));
      row.forEach((cell) => (contentDOM ?? rowDom).append(withBareLead(serializer.nodes[cell.type.name]!(cell), cell)));
      group.append(rowDom);
    }
  };
  section('thead', 0, heads);
  section('tbody', heads, table.childCount);
  return dom;
}

/** The editor's table box (TipTap's, with the column sizes), its caption shown above it; the caption is edited from the toolbar. */
export class CaptionedTableView extends TableView {
  constructor(node: ProseMirrorNode, cellMinWidth: number, view?: EditorView, HTMLAttributes: Record<string, unknown> = {}) {
    super(node, cellMinWidth, view, HTMLAttributes);
    const caption = captionText(node);
    if (caption) {
      const element = document.createElement('caption');
      element.textContent = caption;
      element.contentEditable = 'false';
      this.table.prepend(element);
    }
  }
}

/**
 * Tables with a caption (issue 22). The caption is the table's name for a screen reader, a line of
 * text kept as an attribute (a table's children are its rows only, so the table commands work).
 * A table read with a caption or a head section is a page's table and is written back in the
 * pages' form (plainTable); so is one the console's toolbar makes, and one given a caption. Any
 * other table (a post's) is written as the editor always wrote it.
 */
export const PageTable = Table.extend({
  addOptions() {
    return { ...this.parent!(), resizable: false, View: CaptionedTableView };
  },

  addAttributes() {
    return {
      ...this.parent?.(),
      caption: { default: null, rendered: false, parseHTML: captionOf },
      plain: {
        default: false,
        rendered: false,
        parseHTML: (element) => childOf(element, 'THEAD') !== undefined || childOf(element, 'CAPTION') !== undefined,
      },
    };
  },

  parseHTML() {
    // The caption's text is the attribute above, not a row.
    return [...(this.parent?.() ?? []), { tag: 'caption', ignore: true }];
  },

  renderHTML({ node, HTMLAttributes }) {
    if (node.attrs.plain) return plainTable(node, HTMLAttributes);
    const table = this.parent!({ node, HTMLAttributes });
    const caption = captionText(node);
    if (!caption || !Array.isArray(table)) return table;
    const [tag, attributes, ...content] = table as unknown as readonly [string, Record<string, unknown>, ...DOMOutputSpec[]];
    return [tag, attributes, ['caption', caption], ...content];
  },
});
