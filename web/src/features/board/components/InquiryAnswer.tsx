import { useId, useState, type FormEvent } from 'react';
import type { Board, BoardItem } from '@contract';
import { boardMessages } from '@contract';
import { useAnswerInquiry } from '../api/save-board-item';
import { formatDateTime } from '../format';

/**
 * An inquiry's answer (issue 4): the writer reads it here; a manager of the board writes or
 * changes it (`PATCH` with `answer`), and the server e-mails the writer.
 */
export function InquiryAnswer({ board, boardItem }: { board: Board; boardItem: BoardItem }) {
  const headingId = useId();
  const inputId = useId();
  const answer = useAnswerInquiry(board.boardCode, boardItem.itemNo);
  const [text, setText] = useState(boardItem.answer ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const canAnswer = board.permissions.manage;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved('');
    if (!text.trim()) {
      setError(boardMessages.answerRequired);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError('');
    try {
      await answer.mutateAsync(text.trim());
      setSaved('답변을 저장했습니다. 문의하신 분께 이메일로 알려드립니다.');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <section className="inquiry-answer" aria-labelledby={headingId}>
      <h2 id={headingId} className="inquiry-answer__title">
        답변
      </h2>
      {boardItem.answer ? (
        <>
          <p className="inquiry-answer__content">{boardItem.answer}</p>
          {boardItem.answeredDate && (
            <p className="inquiry-answer__date">
              답변일 <time dateTime={boardItem.answeredDate}>{formatDateTime(boardItem.answeredDate)}</time>
            </p>
          )}
        </>
      ) : (
        <p className="inquiry-answer__waiting">담당자가 확인 중입니다. 답변이 등록되면 이메일로 알려드립니다.</p>
      )}
      {canAnswer && (
        <form className="inquiry-answer__form" noValidate onSubmit={(event) => void submit(event)}>
          <label className="form-field__label" htmlFor={inputId}>
            답변 내용
          </label>
          <textarea
            id={inputId}
            className="form-input form-textarea"
            rows={6}
            value={text}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {error && (
            <p className="form-field__error" id={`${inputId}-error`}>
              {error}
            </p>
          )}
          <p className="inquiry-answer__saved" role="status">
            {saved}
          </p>
          <div className="comment-form__actions">
            <button type="submit" className="button button--primary" disabled={answer.isPending}>
              {boardItem.answer ? '답변 수정' : '답변 등록'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
