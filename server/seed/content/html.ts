/**
 * Small builders for the seed's rich text, so each page reads like the lists it was written from.
 * Their output is exactly what the sanitiser keeps (content.test.ts proves `sanitize(html) === html`):
 * the posts' tags, the page classes of contract/content-values.ts, and nothing else. Text is
 * written as HTML (links and bold inline); none of the seed's text has `&`, `<` or `>` of its own.
 */

const classAttr = (className?: string) => (className ? ` class="${className}"` : '');

export const h2 = (text: string) => `<h2>${text}</h2>`;
export const h3 = (text: string, className?: string) => `<h3${classAttr(className)}>${text}</h3>`;
export const p = (text: string, className?: string) => `<p${classAttr(className)}>${text}</p>`;
export const strong = (text: string) => `<strong>${text}</strong>`;
export const a = (href: string, text: string) => `<a href="${href}">${text}</a>`;
export const li = (text: string, className?: string) => `<li${classAttr(className)}>${text}</li>`;
export const ul = (items: readonly string[], className?: string) => `<ul${classAttr(className)}>${items.map((item) => li(item)).join('')}</ul>`;
export const ol = (items: readonly string[], className?: string) => `<ol${classAttr(className)}>${items.map((item) => li(item)).join('')}</ol>`;

/** A site fact kept in the settings (contract/content-values.ts contentFacts), shown by the screen. */
export const fact = (name: string) => `{{${name}}}`;
/** A block fact: alone in its paragraph. */
export const factBlock = (name: string) => p(fact(name));

/** Cards: a heading and a paragraph (or any HTML) each. */
export const cards = (items: readonly { title: string; html: string }[], className = 'info-cards') =>
  `<ul class="${className}">${items.map((item) => li(h3(item.title, 'info-card__title') + item.html, 'info-card')).join('')}</ul>`;

/** Numbered steps with a title each. */
export const process = (steps: readonly { title: string; text: string }[]) =>
  `<ol class="info-process">${steps.map((step) => li(h3(step.title, 'info-process__title') + p(step.text), 'info-process__step')).join('')}</ol>`;

/** A definition list whose pairs are grouped (ui/content/info-body.css lays each pair out as a row). */
export const dl = (pairs: readonly { term: string; html: string }[], className: string) =>
  `<dl class="${className}">${pairs.map((pair) => `<div><dt>${pair.term}</dt><dd>${pair.html}</dd></div>`).join('')}</dl>`;

/** A data table: a caption, column headings, and rows whose first cell heads the row. The screen gives it its looks. */
export function table(caption: string, columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<thead><tr>${columns.map((column) => `<th scope="col">${column}</th>`).join('')}</tr></thead>`;
  const body = rows.map(([first, ...rest]) => `<tr><th scope="row">${first}</th>${rest.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table><caption>${caption}</caption>${head}<tbody>${body}</tbody></table>`;
}

/** Questions that open: each a summary and its answer. */
export const faq = (items: readonly { question: string; answer: string }[]) =>
  `<div class="info-faq">${items
    .map(
      (item) =>
        `<details class="info-faq__item"><summary class="info-faq__question">${item.question}</summary><div class="info-faq__answer">${p(item.answer)}</div></details>`,
    )
    .join('')}</div>`;

/** Joins a page's blocks. */
export const html = (...blocks: readonly string[]) => blocks.join('');
