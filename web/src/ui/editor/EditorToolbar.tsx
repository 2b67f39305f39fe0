import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { ImageIcon, LinkIcon } from './icons';
import { EDITOR_IMAGE_TYPES, editorMessages } from './editor-messages';
import { isSitePath } from './page-link';
import { toVideoEmbed } from './video-url';

interface ToolButton {
  key: string;
  label: string;
  /** What the button shows; the label is its accessible name. */
  face: ReactNode;
  run: () => void;
  /** A toggle: aria-pressed tells whether the format is on at the cursor. */
  pressed?: boolean;
  disabled?: boolean;
  /** Starts a new group (a separator before it). */
  groupStart?: boolean;
}

type PromptKind = 'link' | 'video' | 'alt' | 'caption';

/**
 * The WAI-ARIA toolbar pattern: one tab stop, arrow keys (and Home/End) move between the buttons,
 * toggles say aria-pressed. Link, video, image-description and table-caption ask in a small panel
 * under the toolbar (not a browser prompt), then give the focus back to the text. Buttons for a
 * table or a question that opens show while the cursor is in one. In a content page's editor
 * (`contentPage`) a new table is a page's table (page-table.ts) and its caption is asked for at once.
 */
export function EditorToolbar({
  editor,
  editorId,
  onPickImages,
  uploading,
  contentPage = false,
}: {
  editor: Editor;
  editorId: string;
  onPickImages: (files: File[]) => void;
  uploading: boolean;
  contentPage?: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      linkHref: (e.getAttributes('link').href as string | undefined) ?? '',
      table: e.isActive('table'),
      tableCaption: (e.getAttributes('table').caption as string | null | undefined) ?? '',
      question: e.isActive('details'),
      image: e.isActive('image'),
      imageAlt: (e.getAttributes('image').alt as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [activeIndex, setActiveIndex] = useState(0);
  const [prompt, setPrompt] = useState<PromptKind | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();

  const buttons: ToolButton[] = [
    { key: 'h2', label: '제목 1 (큰 제목)', face: 'H1', pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: '제목 2 (중간 제목)', face: 'H2', pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'h4', label: '제목 3 (작은 제목)', face: 'H3', pressed: state.h4, run: () => chain().toggleHeading({ level: 4 }).run() },
    { key: 'bold', label: '굵게', face: <b>가</b>, pressed: state.bold, run: () => chain().toggleBold().run(), groupStart: true },
    { key: 'italic', label: '기울임', face: <i>가</i>, pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', label: '밑줄', face: <u>가</u>, pressed: state.underline, run: () => chain().toggleUnderline().run() },
    { key: 'bulletList', label: '글머리 기호 목록', face: '•≡', pressed: state.bulletList, run: () => chain().toggleBulletList().run(), groupStart: true },
    { key: 'orderedList', label: '번호 목록', face: '1.≡', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'blockquote', label: '인용문', face: '❝', pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
    // Drawn, not emoji: a phone or PC without an emoji font shows an empty box for 🔗 and 🖼.
    { key: 'link', label: '링크', face: <LinkIcon />, pressed: state.link, run: () => setPrompt('link'), groupStart: true },
    { key: 'table', label: '표 넣기', face: '▦', run: insertTable, disabled: state.table },
    { key: 'image', label: '이미지 넣기', face: <ImageIcon size={18} />, run: () => fileInput.current?.click(), disabled: uploading },
    { key: 'video', label: '동영상 넣기', face: '▶', run: () => setPrompt('video') },
    ...(state.image ? [{ key: 'alt', label: '이미지 설명 입력', face: 'ALT', run: () => setPrompt('alt') } satisfies ToolButton] : []),
    ...(state.table
      ? ([
          { key: 'caption', label: '표 제목 입력', face: '제목', run: () => setPrompt('caption'), groupStart: true },
          { key: 'rowAfter', label: '아래에 행 추가', face: '+행', run: () => chain().addRowAfter().run() },
          { key: 'colAfter', label: '오른쪽에 열 추가', face: '+열', run: () => chain().addColumnAfter().run() },
          { key: 'rowDelete', label: '행 삭제', face: '−행', run: () => chain().deleteRow().run() },
          { key: 'colDelete', label: '열 삭제', face: '−열', run: () => chain().deleteColumn().run() },
          { key: 'tableDelete', label: '표 삭제', face: '✕표', run: () => chain().deleteTable().run() },
        ] satisfies ToolButton[])
      : []),
    ...(state.question
      ? ([
          { key: 'questionAfter', label: '아래에 질문 추가', face: '+질문', run: () => chain().addQuestionAfter().run(), groupStart: true },
          { key: 'questionDelete', label: '질문 삭제', face: '−질문', run: () => chain().deleteQuestion().run() },
        ] satisfies ToolButton[])
      : []),
    { key: 'undo', label: '실행 취소', face: '↶', run: () => chain().undo().run(), disabled: !state.canUndo, groupStart: true },
    { key: 'redo', label: '다시 실행', face: '↷', run: () => chain().redo().run(), disabled: !state.canRedo },
  ];
  const current = Math.min(activeIndex, buttons.length - 1);

  function insertTable() {
    const table = chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true });
    if (!contentPage) {
      table.run();
      return;
    }
    table.updateAttributes('table', { plain: true }).run();
    // A page's table is named by its caption (the public screen and a screen reader read it).
    setPrompt('caption');
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % buttons.length,
      ArrowLeft: (i) => (i - 1 + buttons.length) % buttons.length,
      Home: () => 0,
      End: () => buttons.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(current);
    setActiveIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('.rich-editor__tool')[next]?.focus();
  }

  return (
    <>
      <div
        ref={toolbarRef}
        className="rich-editor__toolbar"
        role="toolbar"
        aria-label={editorMessages.toolbar}
        aria-controls={editorId}
        onKeyDown={onKeyDown}
      >
        {buttons.map((button, index) => (
          <button
            key={button.key}
            type="button"
            className={`rich-editor__tool${button.groupStart ? ' rich-editor__tool--group' : ''}`}
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed === undefined ? undefined : button.pressed}
            // Disabled buttons stay focusable in a toolbar (aria-disabled), so arrow keys never skip silently.
            aria-disabled={button.disabled || undefined}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setActiveIndex(index)}
            // Keep the text selection: the click must not move the focus out of the editor first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (!button.disabled) button.run();
            }}
          >
            <span aria-hidden="true">{button.face}</span>
          </button>
        ))}
        <input
          ref={fileInput}
          type="file"
          accept={EDITOR_IMAGE_TYPES.join(',')}
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length) onPickImages(files);
          }}
        />
      </div>
      {prompt && (
        <ToolbarPrompt
          key={prompt}
          kind={prompt}
          initial={{ link: state.linkHref, alt: state.imageAlt, caption: state.tableCaption, video: '' }[prompt]}
          onCancel={() => {
            setPrompt(null);
            editor.commands.focus();
          }}
          onApply={(value) => {
            setPrompt(null);
            if (prompt === 'link') {
              if (value === '') chain().extendMarkRange('link').unsetLink().run();
              else chain().extendMarkRange('link').setLink({ href: value }).run();
            } else if (prompt === 'video') {
              const video = toVideoEmbed(value);
              if (video) chain().setVideoEmbed(video).run();
            } else if (prompt === 'caption') {
              // A named table is written as the pages write theirs (page-table.ts), in a post too.
              chain().updateAttributes('table', { caption: value === '' ? null : value, plain: true }).run();
            } else {
              chain().updateAttributes('image', { alt: value }).run();
            }
          }}
        />
      )}
    </>
  );
}

const promptText: Record<PromptKind, { label: string; hint?: string }> = {
  link: { label: editorMessages.linkLabel, hint: '비워 두고 적용하면 링크를 없앱니다.' },
  video: { label: editorMessages.videoLabel },
  alt: { label: editorMessages.altLabel, hint: '그림을 볼 수 없는 분께 읽어 줄 설명입니다. 꾸밈용 그림이면 비워 두세요.' },
  caption: { label: editorMessages.captionLabel, hint: '표가 무엇을 보여 주는지 적습니다. 화면 읽기 프로그램이 표의 이름으로 읽어 줍니다. 비워 두고 적용하면 없앱니다.' },
};

/** A one-field panel (not a nested form: it lives inside the post form); Enter applies, Esc cancels. */
function ToolbarPrompt({
  kind,
  initial,
  onApply,
  onCancel,
}: {
  kind: PromptKind;
  initial: string;
  onApply: (value: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const { label, hint } = promptText[kind];

  function apply() {
    const text = value.trim();
    if (kind === 'link' && text !== '' && !/^(https?:\/\/|mailto:|tel:)/i.test(text) && !isSitePath(text)) {
      setError(editorMessages.linkInvalid);
      return;
    }
    if (kind === 'video' && !toVideoEmbed(text)) {
      setError(editorMessages.videoInvalid);
      return;
    }
    onApply(text);
  }

  return (
    <div className="rich-editor__prompt" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id} className="rich-editor__prompt-label">
        {label}
      </label>
      <input
        id={id}
        className="form-input"
        // A link may be one of this site's paths (/nids/about), which type="url" would call invalid.
        type={kind === 'video' ? 'url' : 'text'}
        inputMode={kind === 'link' ? 'url' : undefined}
        value={value}
        // The panel opens on a click in the toolbar; the writer types here next.
        autoFocus
        aria-invalid={Boolean(error)}
        aria-describedby={[error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button type="button" className="button button--primary" onClick={apply}>
        적용
      </button>
      <button type="button" className="button" onClick={onCancel}>
        취소
      </button>
      {hint && (
        <p id={`${id}-hint`} className="rich-editor__prompt-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="rich-editor__prompt-error">
          {error}
        </p>
      )}
    </div>
  );
}
