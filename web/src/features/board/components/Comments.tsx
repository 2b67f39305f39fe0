import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { Board, BoardItem, BoardItemComment } from '@contract';
import { boardMessages, paths } from '@contract';
import { useSession } from '@web/lib/use-session';
import { useChangeComment, useComments } from '../api/board-item-comments';
import { formatDateTime } from '../format';

const COMMENT_MAX = 2000;
const deleteConfirm = '댓글을 삭제하시겠습니까?';

function commentProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return boardMessages.commentRequired;
  if (trimmed.length > COMMENT_MAX) return boardMessages.commentTooLong;
  return null;
}

/**
 * A post's comments (issue 4): the count, comments with their replies one level deep, and
 * writing, editing and deleting one's own. What the caller may do comes from the board's rights
 * and each comment's `editable`; the server checks again.
 */
export function Comments({ board, boardItem }: { board: Board; boardItem: BoardItem }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useComments(board.boardCode, boardItem.itemNo, page, true);
  const change = useChangeComment(board.boardCode, boardItem.itemNo);
  const session = useSession();
  const location = useLocation();
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [actionError, setActionError] = useState('');

  const comments = query.data?.content ?? [];
  const count = query.data?.totalElements ?? boardItem.commentCount;
  const repliesOf = new Map<number, BoardItemComment[]>();
  const ids = new Set(comments.map((c) => c.id));
  for (const comment of comments) {
    if (comment.parentId !== null && ids.has(comment.parentId)) {
      repliesOf.set(comment.parentId, [...(repliesOf.get(comment.parentId) ?? []), comment]);
    }
  }
  const threads = comments.filter((c) => c.parentId === null || !ids.has(c.parentId));

  async function remove(comment: BoardItemComment) {
    if (!window.confirm(deleteConfirm)) return;
    setActionError('');
    try {
      await change.mutateAsync({ kind: 'delete', commentId: comment.id });
    } catch (err) {
      setActionError(err instanceof Error ? err.message : String(err));
    }
  }

  const renderComment = (comment: BoardItemComment, isReply: boolean) => (
    <article className={`comment${isReply ? ' comment--reply' : ''}${comment.deleted ? ' comment--deleted' : ''}`} aria-label={`${comment.writerName}님의 ${isReply ? '답글' : '댓글'}`}>
      <header className="comment__header">
        {isReply && (
          <span className="comment__reply-mark" aria-hidden="true">
            ↳
          </span>
        )}
        <strong className="comment__writer">{comment.deleted ? '' : comment.writerName}</strong>
        <time className="comment__date" dateTime={comment.createdDate}>
          {formatDateTime(comment.createdDate)}
        </time>
      </header>
      {editing === comment.id ? (
        <CommentForm
          label="댓글 수정"
          submitLabel="수정 저장"
          initial={comment.content}
          autoFocus
          onCancel={() => setEditing(null)}
          onSubmit={async (content) => {
            await change.mutateAsync({ kind: 'update', commentId: comment.id, content });
            setEditing(null);
          }}
        />
      ) : (
        <p className="comment__content">{comment.deleted ? boardMessages.deletedComment : comment.content}</p>
      )}
      {!comment.deleted && editing !== comment.id && (
        <div className="comment__actions">
          {!isReply && board.permissions.comment && (
            <button type="button" className="comment__action" aria-expanded={replyTo === comment.id} onClick={() => setReplyTo(replyTo === comment.id ? null : comment.id)}>
              답글<span className="visually-hidden"> ({comment.writerName}님의 댓글에)</span>
            </button>
          )}
          {comment.editable && (
            <>
              <button type="button" className="comment__action" onClick={() => setEditing(comment.id)}>
                수정<span className="visually-hidden"> ({comment.writerName}님의 댓글)</span>
              </button>
              <button type="button" className="comment__action" onClick={() => void remove(comment)}>
                삭제<span className="visually-hidden"> ({comment.writerName}님의 댓글)</span>
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );

  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="comments__title">
        댓글 <span className="comments__count">{count.toLocaleString('ko-KR')}</span>
        <span className="visually-hidden">개</span>
      </h2>
      <p className="form-field__error" role="alert">
        {actionError}
      </p>
      {query.isError && <p className="comments__empty">댓글을 불러오지 못했습니다. {query.error.message}</p>}
      {query.isSuccess && comments.length === 0 && <p className="comments__empty">첫 댓글을 남겨주세요.</p>}
      {threads.length > 0 && (
        <ol className="comments__list">
          {threads.map((comment) => (
            <li key={comment.id} className="comments__item">
              {renderComment(comment, comment.parentId !== null)}
              {(repliesOf.get(comment.id)?.length ?? 0) > 0 && (
                <ol className="comments__replies">
                  {repliesOf.get(comment.id)!.map((reply) => (
                    <li key={reply.id}>{renderComment(reply, true)}</li>
                  ))}
                </ol>
              )}
              {replyTo === comment.id && (
                <div className="comments__reply-form">
                  <CommentForm
                    label={`${comment.writerName}님의 댓글에 답글 쓰기`}
                    submitLabel="답글 등록"
                    autoFocus
                    onCancel={() => setReplyTo(null)}
                    onSubmit={async (content) => {
                      await change.mutateAsync({ kind: 'create', content, parentId: comment.id });
                      setReplyTo(null);
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {query.data && query.data.totalPages > 1 && (
        <nav className="comments__pages" aria-label="댓글 페이지">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            이전 댓글
          </button>
          <span>
            {page}/{query.data.totalPages}
          </span>
          <button type="button" className="button" disabled={page >= query.data.totalPages} onClick={() => setPage(page + 1)}>
            다음 댓글
          </button>
        </nav>
      )}
      {board.permissions.comment ? (
        <CommentForm
          label="댓글 쓰기"
          submitLabel="댓글 등록"
          clearOnSubmit
          onSubmit={async (content) => {
            await change.mutateAsync({ kind: 'create', content });
          }}
        />
      ) : (
        !session.signedIn && (
          <p className="comments__login">
            댓글은 로그인한 회원만 쓸 수 있습니다.{' '}
            <Link to={paths.signin} state={{ from: `${location.pathname}${location.search}` }}>
              로그인
            </Link>
          </p>
        )
      )}
    </section>
  );
}

/** One text box for a comment, a reply or an edit; the error shows under it, in Korean. */
function CommentForm({
  label,
  submitLabel,
  initial = '',
  autoFocus,
  clearOnSubmit,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  clearOnSubmit?: boolean;
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = commentProblem(text);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setPending(true);
    setError('');
    try {
      await onSubmit(text.trim());
      if (clearOnSubmit) setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      input.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="comment-form" noValidate onSubmit={(event) => void submit(event)}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={input}
        id={id}
        className="form-input form-textarea comment-form__input"
        value={text}
        rows={3}
        maxLength={COMMENT_MAX + 100}
        // Opened by 답글/수정: the writer types next.
        autoFocus={autoFocus}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error && !commentProblem(event.target.value)) setError('');
        }}
      />
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="comment-form__actions">
        <span className="comment-form__counter">
          {text.trim().length}/{COMMENT_MAX}
        </span>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            취소
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? '저장 중…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
