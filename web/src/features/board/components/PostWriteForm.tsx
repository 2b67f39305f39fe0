import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
// zod's configuration (Korean messages; jitless under the CSP) before this form's schema is built.
import '@contract/zod-ko';
import { z } from 'zod';
import type { Board, BoardItem } from '@contract';
import { boardMessages, paths } from '@contract';
import { draftKey } from '@web/lib/member-storage';
import { Field } from '@web/ui/form/Field';
import { uploadEditorImage } from '../api/upload-file';
import { useSaveBoardItem } from '../api/save-board-item';
import { RichTextEditor, type RichTextEditorHandle } from '@web/ui/editor/RichTextEditor';
import { formatDateTime } from '../format';
import { hasVisibleContent } from '../write/content';
import { usePostDraft, type PostDraft } from '../write/draft';
import { useAttachments } from '../write/use-attachments';
import { useLeaveWarning } from '../write/use-leave-warning';
import { AttachmentField } from './AttachmentField';

const postSchema = z.object({
  title: z.string().trim().min(1, boardMessages.titleRequired).max(200, boardMessages.titleTooLong),
  category: z.string(),
  content: z.string().refine(hasVisibleContent, boardMessages.contentRequired).refine((v) => v.length <= 500_000, boardMessages.contentTooLong),
  isNotice: z.boolean(),
  isSecret: z.boolean(),
  showItemToMain: z.boolean(),
});
type PostValues = z.infer<typeof postSchema>;

function valuesOf(boardItem: BoardItem | null): PostValues {
  return {
    title: boardItem?.title ?? '',
    category: boardItem?.category ?? '',
    content: boardItem?.content ?? '',
    isNotice: boardItem?.isNotice ?? false,
    isSecret: boardItem?.isSecret ?? false,
    // A new post shows on the home page unless its writer keeps it off (issue 9, spec §1).
    showItemToMain: boardItem?.showItemToMain ?? true,
  };
}

const sameAs = (draft: PostDraft, values: PostValues) =>
  draft.title === values.title &&
  draft.content === values.content &&
  draft.category === values.category &&
  draft.isNotice === values.isNotice &&
  draft.isSecret === values.isSecret &&
  draft.showItemToMain === values.showItemToMain;

/**
 * Writing or editing a post (issue 4): title, the rich editor, attachments, and the flags the
 * caller may set. Drafts are kept locally and offered back; leaving with unsaved changes asks
 * first; errors show at their field, and the first invalid field takes the focus.
 */
export function PostWriteForm({ board, boardItem, writer }: { board: Board; boardItem: BoardItem | null; writer: string }) {
  const formId = useId();
  const navigate = useNavigate();
  const itemNo = boardItem?.itemNo ?? null;
  const editor = useRef<RichTextEditorHandle>(null);
  const [initial] = useState(() => valuesOf(boardItem));
  const [serverError, setServerError] = useState('');
  const serverErrorRef = useRef<HTMLDivElement>(null);
  const save = useSaveBoardItem(board.boardCode, itemNo);
  const attachments = useAttachments(board.boardCode, boardItem?.files ?? [], board.maxFiles, board.maxFileSize);
  const draft = usePostDraft(writer, draftKey(writer, board.boardCode, itemNo));
  const canManage = board.permissions.manage;

  const form = useForm<PostValues>({
    defaultValues: initial,
    resolver: zodResolver(postSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, control, setValue } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as PostValues;
  const changed = formState.isDirty || attachments.changed;
  const { allowLeaving } = useLeaveWarning(changed && !save.isSuccess);

  // Keep a draft while the writer works (only once something differs from what was there).
  const { save: saveDraft } = draft;
  useEffect(() => {
    if (formState.isDirty) saveDraft(values);
  }, [values, formState.isDirty, saveDraft]);

  const offered = draft.offered && !sameAs(draft.offered, initial) ? draft.offered : null;

  function restoreDraft(stored: PostDraft) {
    const options = { shouldDirty: true } as const;
    setValue('title', stored.title, options);
    setValue('category', board.categories.includes(stored.category) ? stored.category : '', options);
    setValue('isSecret', stored.isSecret, options);
    if (canManage) {
      setValue('isNotice', stored.isNotice, options);
      setValue('showItemToMain', stored.showItemToMain, options);
    }
    editor.current?.setContent(stored.content);
    setValue('content', stored.content, options);
    draft.dismissOffer();
    editor.current?.focus();
  }

  const onValid = async (valid: PostValues) => {
    setServerError('');
    if (attachments.uploading) {
      setServerError('파일을 올리는 중입니다. 올리기가 끝난 뒤 다시 눌러주세요.');
      serverErrorRef.current?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync({
        title: valid.title,
        content: valid.content,
        category: valid.category || null,
        isSecret: valid.isSecret,
        files: attachments.ids.map((id) => ({ id })),
        ...(canManage ? { isNotice: valid.isNotice, showItemToMain: valid.showItemToMain } : {}),
      });
      draft.clear();
      allowLeaving();
      navigate(paths.boardView(board.area, board.boardCode, saved.itemNo), { replace: itemNo !== null });
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
      serverErrorRef.current?.focus();
    }
  };

  // The first invalid field in screen order takes the focus (the editor through its handle).
  const onInvalid = (invalid: Partial<Record<keyof PostValues, unknown>>) => {
    if (invalid.category) document.getElementById(`${formId}-category`)?.focus();
    else if (invalid.title) document.getElementById(`${formId}-title`)?.focus();
    else if (invalid.content) editor.current?.focus();
  };

  const cancelTo = itemNo === null ? paths.boardList(board.area, board.boardCode) : paths.boardView(board.area, board.boardCode, itemNo);
  const contentLabelId = `${formId}-content-label`;
  const contentErrorId = `${formId}-content-error`;

  return (
    <>
      {offered && (
        <div className="alert board-draft" role="region" aria-label="임시 저장된 글">
          <p>
            이 브라우저에 임시 저장된 글이 있습니다 (<time dateTime={new Date(offered.savedAt).toISOString()}>{formatDateTime(new Date(offered.savedAt).toISOString())}</time> 저장
            {offered.title ? `, 제목 "${offered.title}"` : ''}). 불러오시겠습니까?
          </p>
          <div className="board-draft__actions">
            <button type="button" className="button button--primary" onClick={() => restoreDraft(offered)}>
              임시 저장 글 불러오기
            </button>
            <button type="button" className="button" onClick={draft.clear}>
              임시 저장 글 삭제
            </button>
          </div>
        </div>
      )}

      <form className="board-form account-form" noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} aria-label={itemNo === null ? '글쓰기' : '글 수정'}>
        <div ref={serverErrorRef} tabIndex={-1} role="alert" className={serverError ? 'form-message form-message--error' : undefined}>
          {serverError && <p>{serverError}</p>}
        </div>

        {board.categories.length > 0 && (
          <Field id={`${formId}-category`} label="분류" error={errors.category?.message}>
            {(controlProps) => (
              <select {...controlProps} {...register('category')} className="form-input">
                <option value="">분류 없음</option>
                {board.categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}

        <Field id={`${formId}-title`} label="제목" required error={errors.title?.message}>
          {(controlProps) => <input {...controlProps} {...register('title')} className="form-input" type="text" maxLength={200} autoComplete="off" />}
        </Field>

        <div className={`form-field${errors.content ? ' form-field--invalid' : ''}`}>
          <span className="form-field__label" id={contentLabelId}>
            내용<span className="form-field__required">(필수)</span>
          </span>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                ref={editor}
                id={`${formId}-content`}
                labelId={contentLabelId}
                describedBy={errors.content ? contentErrorId : undefined}
                invalid={Boolean(errors.content)}
                initialContent={initial.content}
                onChange={field.onChange}
                onBlur={field.onBlur}
                uploadImage={(file) => uploadEditorImage(board.boardCode, file)}
                maxImageSize={board.maxImageSize}
              />
            )}
          />
          {errors.content && (
            <p className="form-field__error" id={contentErrorId}>
              {errors.content.message}
            </p>
          )}
        </div>

        {board.allowAttachments && <AttachmentField attachments={attachments} maxFiles={board.maxFiles} maxFileSize={board.maxFileSize} />}

        <fieldset className="form-field board-form__options">
          <legend className="form-field__label">설정</legend>
          <label className="form-check">
            <input type="checkbox" {...register('isSecret')} />
            비밀글 (작성자와 관리자만 볼 수 있습니다)
          </label>
          {canManage && (
            <>
              <label className="form-check">
                <input type="checkbox" {...register('isNotice')} />
                공지로 등록 (목록 맨 위에 고정)
              </label>
              <label className="form-check">
                <input type="checkbox" {...register('showItemToMain')} />
                첫 화면에 노출
              </label>
            </>
          )}
        </fieldset>

        <div className="board-actions">
          <Link className="button" to={cancelTo}>
            취소
          </Link>
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-disabled={save.isPending || undefined}>
            {save.isPending ? '저장 중…' : itemNo === null ? '등록' : '수정'}
          </button>
        </div>
      </form>
    </>
  );
}
