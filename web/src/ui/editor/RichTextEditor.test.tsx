import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/core';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';
import { richTextExtensions } from './rich-text-extensions';

/**
 * The editor's tools for the information pages' layouts (issue 22): a question added after the
 * one at the cursor, a table named by its caption, a content page's new table in the pages' form,
 * and the keys that move through a description list. What a seeded page and a post look like after
 * a round trip is rich-text-round-trip.test.tsx.
 */

function renderEditor(initialContent: string, contentPage = false) {
  const onChange = vi.fn<(html: string) => void>();
  render(
    <>
      <span id="body-label">본문</span>
      <RichTextEditor
        id="body"
        labelId="body-label"
        initialContent={initialContent}
        onChange={onChange}
        uploadImage={() => Promise.reject(new Error('no uploads here'))}
        maxImageSize={1024}
        contentPage={contentPage}
      />
    </>,
  );
  const toolbar = screen.getByRole('toolbar', { name: '서식 도구' });
  return { onChange, toolbar, user: userEvent.setup({ delay: null }), lastHtml: () => onChange.mock.lastCall?.[0] ?? '' };
}

const faq =
  '<div class="info-faq"><details class="info-faq__item"><summary class="info-faq__question">첫 질문</summary><div class="info-faq__answer"><p>첫 답</p></div></details></div>';

describe('the editor with a page\'s layouts', () => {
  it('adds a question after the one at the cursor, shaped like it, and removes one', async () => {
    // The cursor starts in the first question.
    const { toolbar, user, lastHtml } = renderEditor(faq, true);
    await user.click(within(toolbar).getByRole('button', { name: '아래에 질문 추가' }));
    // The paragraph after the box is the editor's, so there is somewhere to type after it.
    expect(lastHtml()).toBe(
      '<div class="info-faq"><details class="info-faq__item"><summary class="info-faq__question">첫 질문</summary><div class="info-faq__answer"><p>첫 답</p></div></details>' +
        '<details class="info-faq__item"><summary class="info-faq__question"></summary><div class="info-faq__answer"><p></p></div></details></div><p></p>',
    );
    await user.click(within(toolbar).getByRole('button', { name: '질문 삭제' }));
    expect(lastHtml()).toBe(`${faq}<p></p>`);
  });

  it('shows a question and its answer open while writing, never a <details> that folds', () => {
    renderEditor(faq, true);
    const area = screen.getByRole('textbox', { name: '본문' });
    expect(area.querySelector('details')).toBeNull();
    expect(within(area).getByText('첫 질문')).toBeVisible();
    expect(within(area).getByText('첫 답')).toBeVisible();
  });

  it('names a table by its caption from the toolbar, in a post too, which writes it as the pages write tables', async () => {
    const post = '<table><tbody><tr><th scope="col"><p>단계</p></th></tr><tr><td><p>동의</p></td></tr></tbody></table>';
    const { toolbar, user, lastHtml } = renderEditor(post);
    await user.click(within(toolbar).getByRole('button', { name: '표 제목 입력' }));
    const caption = screen.getByRole('textbox', { name: '표 제목 (캡션)' });
    expect(caption).toHaveFocus();
    await user.type(caption, '등록 순서{Enter}');
    expect(lastHtml()).toMatch(/^<table><caption>등록 순서<\/caption><thead><tr><th scope="col">단계<\/th><\/tr><\/thead><tbody><tr><td>동의<\/td><\/tr><\/tbody><\/table>/);
    expect(within(screen.getByRole('textbox', { name: '본문' })).getByText('등록 순서')).toBeVisible();
  });

  it('makes a content page\'s new table as the pages write theirs, asking for its caption first', async () => {
    // Some text first: an editor holding only an empty table counts as empty and sends ''.
    const { toolbar, user, lastHtml } = renderEditor('<p>연락처 안내</p>', true);
    await user.click(within(toolbar).getByRole('button', { name: '표 넣기' }));
    await user.type(screen.getByRole('textbox', { name: '표 제목 (캡션)' }), '연락처{Enter}');
    const empty = (tag: string) => `<${tag}></${tag}>`.repeat(3);
    expect(lastHtml()).toContain(
      `<table><caption>연락처</caption><thead><tr>${'<th scope="col"></th>'.repeat(3)}</tr></thead><tbody><tr>${empty('td')}</tr><tr>${empty('td')}</tr></tbody></table>`,
    );
  });
});

describe('the keys in a description list', () => {
  const facts = '<dl class="info-facts"><div><dt>사업명</dt><dd>환자등록사업</dd></div></dl>';

  /** A key as the browser gives it to the editor (the keyboardShortcut command keeps no selection). */
  function press(editor: Editor, key: string) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, event));
  }

  function editorAt(html: string, text: string) {
    const editor = new Editor({ extensions: richTextExtensions, content: html });
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (at < 0 && node.isText && node.text === text) at = pos + text.length;
    });
    editor.commands.setTextSelection(at);
    return editor;
  }

  it('Enter in a term goes to its description; in a description it starts the next term', () => {
    const editor = editorAt(facts, '사업명');
    press(editor, 'Enter');
    expect(editor.state.selection.$from.parent.type.name).toBe('descriptionDetails');
    editor.commands.setTextSelection(editor.state.selection.$from.end());
    press(editor, 'Enter');
    editor.commands.insertContent('운영기관');
    expect(editor.getHTML()).toBe('<dl class="info-facts"><div><dt>사업명</dt><dd>환자등록사업</dd></div><div><dt>운영기관</dt><dd></dd></div></dl>');
    editor.destroy();
  });

  it('Enter in an empty last term and description leaves the list; Backspace in an empty one removes it', () => {
    const editor = editorAt(facts, '환자등록사업');
    press(editor, 'Enter');
    press(editor, 'Enter');
    press(editor, 'Enter');
    editor.commands.insertContent('다음 문단');
    expect(editor.getHTML()).toBe(`${facts}<p>다음 문단</p>`);

    const again = editorAt(facts, '환자등록사업');
    press(again, 'Enter');
    press(again, 'Backspace');
    expect(again.getHTML()).toBe(facts);
    editor.destroy();
    again.destroy();
  });

  it('Enter in a question goes to its answer', () => {
    const editor = editorAt(faq, '첫 질문');
    press(editor, 'Enter');
    expect(editor.state.selection.$from.parent.textContent).toBe('첫 답');
    editor.destroy();
  });
});
