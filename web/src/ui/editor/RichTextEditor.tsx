import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { rememberPreview } from './editor-image';
import { EditorToolbar } from './EditorToolbar';
import { editorMessages, imageProblem } from './editor-messages';
import { richTextExtensions } from './rich-text-extensions';
import './editor.css';

export interface RichTextEditorHandle {
  focus: () => void;
  /** Replaces the whole content (a draft taken back); not for every keystroke. */
  setContent: (html: string) => void;
}

interface Props {
  /** The id of the editable area, so a label and the error summary can point at it. */
  id: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  initialContent: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Uploads an image for the post and gives its URL (one of our own file URLs). */
  uploadImage: (file: File) => Promise<{ url: string }>;
  /** The board's limit for one image, in bytes. */
  maxImageSize: number;
  /**
   * The console's editor of an information page or terms document (issue 22): a new table is
   * written as the pages' tables are, and asks for its caption at once.
   */
  contentPage?: boolean;
  ref?: Ref<RichTextEditorHandle>;
}

const fileNameWithoutExtension = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 120);

/**
 * The post editor (TipTap 3): headings, bold, italic, underline, lists, quote, links, tables,
 * images (button, drag and drop, paste) and video players by URL; the information and terms pages'
 * layouts are kept as read (rich-text-extensions.ts). Korean input goes through the browser's IME
 * untouched: the content is read out on every update and never written back while typing, so a
 * composition is never cut short by a re-render.
 */
export function RichTextEditor({ id, labelId, describedBy, invalid, initialContent, onChange, onBlur, uploadImage, maxImageSize, contentPage, ref }: Props) {
  const [uploading, setUploading] = useState(0);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const callbacks = useRef({ onChange, onBlur, uploadImage, maxImageSize });
  useEffect(() => {
    callbacks.current = { onChange, onBlur, uploadImage, maxImageSize };
  });
  // Set once the editor exists; the paste and drop handlers below need it.
  const insertImagesRef = useRef<(files: File[], at?: number) => void>(() => undefined);

  const editor = useEditor({
    // TipTap would add its base CSS as a <style> element, which the Content-Security-Policy
    // refuses (issue 12): the same rules are in editor.css.
    injectCSS: false,
    extensions: richTextExtensions,
    content: initialContent,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-editor__content board-content',
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        insertImagesRef.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        insertImagesRef.current(files, at);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => callbacks.current.onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => callbacks.current.onBlur?.(),
  });

  useEffect(() => {
    insertImagesRef.current = (files, at) => {
      void (async () => {
        setProblem('');
        // Where a drop put the files; each next one goes after the one before.
        let position = at;
        for (const file of files) {
          const refused = imageProblem(file, callbacks.current.maxImageSize);
          if (refused) {
            setProblem(refused);
            continue;
          }
          setUploading((n) => n + 1);
          setStatus(editorMessages.imageUploading(file.name));
          try {
            const { url } = await callbacks.current.uploadImage(file);
            rememberPreview(url, file);
            const image = { type: 'image', attrs: { src: url, alt: fileNameWithoutExtension(file.name) } };
            // After what is selected, never over it: the image just put in is selected, and the
            // next of several files must not replace it (nor an image the writer's text).
            editor
              .chain()
              .focus()
              .insertContentAt(position ?? editor.state.selection.to, image)
              .run();
            position = undefined;
            setStatus(editorMessages.imageUploaded(file.name));
          } catch (err) {
            setProblem(err instanceof Error && err.message ? err.message : editorMessages.imageFailed);
            setStatus('');
          } finally {
            setUploading((n) => n - 1);
          }
        }
      })();
    };
  }, [editor]);

  // State-dependent ARIA goes on the editable element directly: the editor is made once.
  useEffect(() => {
    const dom = editor.view.dom;
    dom.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editor.commands.focus(),
      setContent: (html: string) => {
        editor.commands.setContent(html, { emitUpdate: true });
      },
    }),
    [editor],
  );

  return (
    <div className={`rich-editor${invalid ? ' rich-editor--invalid' : ''}`}>
      <EditorToolbar
        editor={editor}
        editorId={id}
        onPickImages={(files) => insertImagesRef.current(files)}
        uploading={uploading > 0}
        contentPage={contentPage}
      />
      <EditorContent editor={editor} />
      <p className="rich-editor__status" role="status">
        {status}
      </p>
      <p className="rich-editor__problem" role="alert">
        {problem}
      </p>
    </div>
  );
}

function imageFiles(list: FileList | null | undefined): File[] {
  return list ? Array.from(list).filter((file) => file.type.startsWith('image/')) : [];
}
