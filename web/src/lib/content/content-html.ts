import { contentFactPattern } from '@contract/content-values';
import { blockFactHtml, blockFacts, inlineFactHtml, isFact, type FactSource } from './site-facts';

/**
 * Turns a page's stored HTML (sanitised by the server, posts' allow-list) into what the screen
 * shows: site facts filled in, tables given the phone layout (ui/StackedTable's classes, roles and
 * column names), and the flat rich text grouped into sections by its headings, each with an id for
 * its label and the table of contents. The HTML is parsed in an inert <template> (no script runs,
 * no image loads) and only this code adds attributes; nothing of the body is evaluated.
 */

export interface ContentSection {
  id: string;
  /** The heading's text. */
  title: string;
  /** The heading's own HTML (inline marks kept). */
  titleHtml: string;
  /** What follows the heading up to the next one of its level (or a higher one). */
  html: string;
  children: ContentSection[];
}

export interface ContentOutline {
  /** What comes before the first heading. */
  intro: string;
  sections: ContentSection[];
}

interface PrepareOptions {
  facts: FactSource;
  /** The class a table gets besides `stacked-table` (info-table, terms-table). */
  tableClass: string;
}

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function fragmentOf(html: string): DocumentFragment {
  return parse(html);
}

/** `{{name}}` in text: a block fact alone in its paragraph becomes its block; any other, inline HTML. */
function fillFacts(root: DocumentFragment, facts: FactSource, idPrefix: string) {
  for (const paragraph of [...root.querySelectorAll('p')]) {
    const match = /^\s*\{\{\s*([A-Za-z.]+)\s*\}\}\s*$/.exec(paragraph.textContent ?? '');
    const name = match?.[1];
    if (name && isFact(name) && blockFacts.has(name)) paragraph.replaceWith(fragmentOf(blockFactHtml(name, facts, idPrefix)));
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node as Text).data.includes('{{')) texts.push(node as Text);
  for (const text of texts) {
    const html = escapeText(text.data).replace(contentFactPattern, (whole, name: string) => (isFact(name) ? inlineFactHtml(name, facts, idPrefix) : whole));
    text.replaceWith(fragmentOf(html));
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The phone layout of ui/StackedTable: roles that keep a table a table in WebKit, and each cell's column name. */
function stackTables(root: DocumentFragment, tableClass: string) {
  for (const table of root.querySelectorAll('table')) {
    table.className = `stacked-table ${tableClass}`;
    table.setAttribute('role', 'table');
    const columns = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim() ?? '');
    for (const group of table.querySelectorAll('thead, tbody, tfoot')) group.setAttribute('role', 'rowgroup');
    for (const row of table.querySelectorAll('tr')) {
      row.setAttribute('role', 'row');
      [...row.children].forEach((cell, index) => {
        if (cell.tagName === 'TH') {
          const inHead = cell.parentElement?.parentElement?.tagName === 'THEAD';
          cell.setAttribute('role', inHead ? 'columnheader' : 'rowheader');
          if (!cell.hasAttribute('scope')) cell.setAttribute('scope', inHead ? 'col' : 'row');
        } else {
          cell.setAttribute('role', 'cell');
          if (columns[index]) cell.setAttribute('data-label', columns[index]);
        }
      });
    }
  }
}

const htmlOf = (nodes: readonly Node[]) => {
  const box = document.createElement('div');
  for (const node of nodes) box.append(node.cloneNode(true));
  return box.innerHTML;
};

/** Splits top-level nodes at the headings of `tag`; deeper levels split the sections' own nodes. */
function split(nodes: readonly Node[], tags: readonly string[], idPrefix: string): ContentOutline {
  const [tag, ...deeper] = tags;
  const intro: Node[] = [];
  const groups: { heading: Element; nodes: Node[] }[] = [];
  for (const node of nodes) {
    if (node instanceof Element && node.tagName === tag) groups.push({ heading: node, nodes: [] });
    else (groups.at(-1)?.nodes ?? intro).push(node);
  }
  return {
    intro: htmlOf(intro),
    sections: groups.map(({ heading, nodes: own }, index) => {
      const id = `${idPrefix}-${index + 1}`;
      const inner = deeper.length > 0 ? split(own, deeper, id) : { intro: htmlOf(own), sections: [] };
      return { id, title: heading.textContent?.trim() ?? '', titleHtml: heading.innerHTML, html: inner.intro, children: inner.sections };
    }),
  };
}

/**
 * The body as an outline: the intro, then a section per heading of the first level given (`H2`),
 * and within each a section per heading of the next (`H3`), if given.
 */
export function contentOutline(html: string, levels: readonly ('H2' | 'H3')[], idPrefix: string, options: PrepareOptions): ContentOutline {
  const root = parse(html);
  fillFacts(root, options.facts, idPrefix);
  stackTables(root, options.tableClass);
  return split([...root.childNodes], levels, idPrefix);
}

/**
 * The information pages' body as one HTML string: each second-level heading opens a section
 * labelled by it (ui/content/info-body.css .info-section), as the pages' JSX had it.
 */
export function infoSectionsHtml(html: string, idPrefix: string, facts: FactSource): string {
  const { intro, sections } = contentOutline(html, ['H2'], idPrefix, { facts, tableClass: 'info-table' });
  return (
    intro +
    sections
      .map((section) => `<section class="info-section" aria-labelledby="${section.id}"><h2 id="${section.id}">${section.titleHtml}</h2>${section.html}</section>`)
      .join('')
  );
}
