import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { contentCodes } from '@contract';
// The seeded pages are what staff open first; the web tests read them as the screens' tests do.
import { initialContent } from '@server/seed/content';
// What the server runs every saved body through: whatever the editor writes must come out of it whole.
import { sanitizeContent } from '@server/modules/board/sanitize';
import { richTextExtensions } from './rich-text-extensions';

/**
 * Issue 22: staff edit the information pages and the terms in the posts' editor. A page opened in
 * the console and saved without a change must be the page it was: its cards, steps, description
 * lists, questions that open, table captions and the classes of contract/content-values.ts. And a
 * post's HTML, which has none of those, must come out of the editor as it did before they were
 * taught to it. The editor here has exactly the console's extensions (rich-text-extensions.ts).
 */

/**
 * The HTML the editor writes for a body: loaded as the console opens it, touched (a click in it is
 * a transaction, after which the editor's plugins may add to the text), read as a keystroke reads it.
 */
function throughEditor(html: string): string {
  const editor = new Editor({ extensions: richTextExtensions, content: html });
  try {
    editor.view.dispatch(editor.state.tr);
    return editor.getHTML();
  } finally {
    editor.destroy();
  }
}

const inlineTags = new Set(['A', 'B', 'BR', 'CODE', 'EM', 'I', 'MARK', 'S', 'SPAN', 'STRONG', 'SUB', 'SUP', 'U']);
const isBlockElement = (node: ChildNode | null) => node instanceof Element && !inlineTags.has(node.tagName);

/**
 * HTML as a tree, one element or text a line, attributes sorted: what differs only in attribute
 * order or in white space between block tags reads the same, and a difference shows as a line.
 */
function tree(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const lines: string[] = [];
  const walk = (node: ChildNode, depth: number) => {
    const indent = '  '.repeat(depth);
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      // White space alone between two blocks (or at a block's edge) is layout, not text.
      if (text.trim() === '' && (isBlockElement(node.previousSibling) || !node.previousSibling) && (isBlockElement(node.nextSibling) || !node.nextSibling)) return;
      lines.push(indent + JSON.stringify(text));
      return;
    }
    if (!(node instanceof Element)) return;
    const attributes = [...node.attributes].map((attribute) => `${attribute.name}="${attribute.value}"`).sort();
    lines.push(`${indent}<${node.tagName.toLowerCase()}${attributes.map((attribute) => ` ${attribute}`).join('')}>`);
    node.childNodes.forEach((child) => walk(child, depth + 1));
  };
  template.content.childNodes.forEach((child) => walk(child, 0));
  return lines.join('\n');
}

const htmlPages = contentCodes.flatMap((code) => {
  const body = initialContent[code].body;
  return body.type === 'html' ? [{ code, html: body.html }] : [];
});

describe('a seeded page saved from the console without a change', () => {
  it('covers every rich-text page of the seed', () => {
    expect(htmlPages.map((page) => page.code)).toEqual(['intro', 'about', 'registSite', 'privacy', 'terms', 'contactUsTerms']);
  });

  it.each(htmlPages)('$code: the editor writes the page back as it was seeded', ({ html }) => {
    expect(tree(throughEditor(html))).toBe(tree(html));
  });

  it.each(htmlPages)('$code: the server keeps all of what the editor writes', ({ html }) => {
    const written = throughEditor(html);
    expect(tree(sanitizeContent(written))).toBe(tree(written));
  });
});

describe('what the console\'s tools add to a page', () => {
  it('is kept whole by the server: a new question, a new term, a new table with its caption', () => {
    const page =
      '<dl class="info-facts"><div><dt>사업명</dt><dd>환자등록사업</dd></div></dl>' +
      '<div class="info-faq"><details class="info-faq__item"><summary class="info-faq__question">질문</summary><div class="info-faq__answer"><p>답</p></div></details></div><p>끝</p>';
    const editor = new Editor({ extensions: richTextExtensions, content: page });
    const endOf = (text: string) => {
      let at = -1;
      editor.state.doc.descendants((node, pos) => {
        if (at < 0 && node.isText && node.text === text) at = pos + text.length;
      });
      return at;
    };
    editor.commands.setTextSelection(endOf('환자등록사업'));
    // Enter as the browser gives it (the keyboardShortcut command keeps no selection).
    editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, new KeyboardEvent('keydown', { key: 'Enter' })));
    editor.commands.insertContent('운영기관');
    editor.chain().setTextSelection(endOf('질문')).addQuestionAfter().insertContent('새 질문').run();
    editor
      .chain()
      .setTextSelection(endOf('끝'))
      .insertTable({ rows: 2, cols: 2, withHeaderRow: true })
      .updateAttributes('table', { plain: true, caption: '새 표' })
      .run();
    const written = editor.getHTML();
    editor.destroy();

    expect(written).toContain('<div><dt>운영기관</dt><dd></dd></div></dl>');
    expect(written).toContain('<summary class="info-faq__question">새 질문</summary><div class="info-faq__answer"><p></p></div>');
    expect(written).toContain('<table><caption>새 표</caption><thead><tr><th scope="col"></th><th scope="col"></th></tr></thead><tbody><tr><td></td><td></td></tr></tbody></table>');
    expect(sanitizeContent(written)).toBe(written);
  });

  it('writes a post\'s table given a caption as the pages\' tables, which the server keeps and the editor reads back the same', () => {
    const editor = new Editor({ extensions: richTextExtensions, content: '<table><tbody><tr><th scope="col"><p>단계</p></th></tr><tr><td><p>동의</p></td></tr></tbody></table><p></p>' });
    // As the toolbar's 표 제목 does (EditorToolbar.tsx).
    editor.chain().setTextSelection(3).updateAttributes('table', { caption: '등록 순서', plain: true }).run();
    const written = editor.getHTML();
    editor.destroy();
    expect(written).toBe('<table><caption>등록 순서</caption><thead><tr><th scope="col">단계</th></tr></thead><tbody><tr><td>동의</td></tr></tbody></table><p></p>');
    expect(sanitizeContent(written)).toBe(written);
    expect(throughEditor(written)).toBe(written);
  });
});

/**
 * A post as the editor wrote it before it knew the pages' layouts (the HTML the post form sends),
 * read from that editor's output: every kind of block and mark the toolbar makes.
 */
const postAsWritten = [
  '<h2>등록 안내</h2>',
  '<p>본문 <strong>굵게</strong>, <em>기울임</em>, <u>밑줄</u>, <s>취소선</s>과 <a target="_blank" rel="noopener noreferrer" href="https://www.example.com/guide">안내 링크</a>.</p>',
  '<h3>순서</h3>',
  '<h4>세부</h4>',
  '<ol><li><p>동의서 받기</p></li><li><p>등록하기</p><ul><li><p>환자 정보</p></li></ul></li></ol>',
  '<blockquote><p>인용문입니다.</p></blockquote>',
  '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup><tbody><tr><th scope="col"><p>단계</p></th><th scope="col"><p>하는 일</p></th></tr><tr><td><p>1</p></td><td><p>동의서 받기</p></td></tr></tbody></table>',
  '<img src="/api/file/0b7f0f5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b" alt="순서도">',
  '<iframe width="640" height="360" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/abcdefghijk" title="등록 안내 동영상"></iframe>',
  '<p>마지막 줄<br>둘째 줄</p>',
  '<hr>',
  '<p>끝.</p>',
].join('');

/** The same post as the server stored it (its sanitiser drops the editor's column sizes, closes empty tags, turns captions on). */
const postAsStored = [
  '<h2>등록 안내</h2>',
  '<p>본문 <strong>굵게</strong>, <em>기울임</em>, <u>밑줄</u>, <s>취소선</s>과 <a href="https://www.example.com/guide" target="_blank" rel="noopener noreferrer">안내 링크</a>.</p>',
  '<h3>순서</h3>',
  '<h4>세부</h4>',
  '<ol><li><p>동의서 받기</p></li><li><p>등록하기</p><ul><li><p>환자 정보</p></li></ul></li></ol>',
  '<blockquote><p>인용문입니다.</p></blockquote>',
  '<table><tbody><tr><th scope="col"><p>단계</p></th><th scope="col"><p>하는 일</p></th></tr><tr><td><p>1</p></td><td><p>동의서 받기</p></td></tr></tbody></table>',
  '<img src="/api/file/0b7f0f5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b" alt="순서도" />',
  '<iframe width="640" height="360" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/abcdefghijk?cc_load_policy=1&amp;cc_lang_pref=ko&amp;hl=ko" title="등록 안내 동영상"></iframe>',
  '<p>마지막 줄<br />둘째 줄</p>',
  '<hr />',
  '<p>끝.</p>',
].join('');

describe('a post in the same editor', () => {
  it('comes out exactly as it went in', () => {
    expect(throughEditor(postAsWritten)).toBe(postAsWritten);
  });

  it('as stored, is stored the same after a save without a change', () => {
    expect(sanitizeContent(throughEditor(postAsStored))).toBe(postAsStored);
  });
});
