import { useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_COMMENT_MAX, feedbackMessages as m, feedbackQuestion, feedbackScores } from '@contract/feedback-values';
import { errorCodeOf, refusedField } from '@web/lib/api';
import { sendFeedback } from './api/send-feedback';
import '@web/ui/form/forms.css';
import './feedback.css';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/** The refusal's sentence, chosen by its code (and field), never by its wording. */
function messageOf(error: unknown): string {
  const code = errorCodeOf(error);
  if (code === 'CONFLICT') return m.alreadyAnswered;
  if (code === 'TOO_MANY_REQUESTS') return m.tooMany;
  if (code === 'BAD_REQUEST' && refusedField(error) === 'comment') return m.commentTooLong;
  return m.sendFailed;
}

/**
 * The question, five choices and an optional comment (issue 23). The thank-you and any error are
 * said in a status region that is on the page from the start, so screen readers announce what
 * is put in it; after an answer (or the day's answer already in) the choices give way to it.
 */
export default function FeedbackForm({ path }: { path: string }) {
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const firstChoice = useRef<HTMLInputElement>(null);
  const answered = status.kind === 'done';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    if (score === null) {
      setStatus({ kind: 'error', message: m.scoreRequired });
      firstChoice.current?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await sendFeedback({ path, score, ...(comment.trim() ? { comment } : {}) });
      setStatus({ kind: 'done', message: m.thanks });
    } catch (error) {
      // The day's answer is already in: nothing more to send from here today.
      if (errorCodeOf(error) === 'CONFLICT') setStatus({ kind: 'done', message: m.alreadyAnswered });
      else setStatus({ kind: 'error', message: messageOf(error) });
    }
  }

  const statusId = `${id}-status`;
  const countId = `${id}-count`;
  return (
    // A region named 만족도 조사, without a heading of its own: the screen's outline (its h2s) stays the screen's.
    <section className="page-feedback" aria-label="만족도 조사">
      {!answered && (
        <form className="page-feedback__form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="page-feedback__fieldset" aria-describedby={status.kind === 'error' ? statusId : undefined}>
            <legend className="page-feedback__question">{feedbackQuestion}</legend>
            <div className="page-feedback__choices">
              {feedbackScores.map((choice, i) => (
                <label key={choice.score} className="form-check page-feedback__choice">
                  <input
                    ref={i === 0 ? firstChoice : undefined}
                    type="radio"
                    name={`${id}-score`}
                    value={choice.score}
                    checked={score === choice.score}
                    onChange={() => {
                      setScore(choice.score);
                      if (status.kind === 'error') setStatus({ kind: 'idle' });
                    }}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="page-feedback__comment">
            <label className="form-field__label" htmlFor={`${id}-comment`}>
              의견 <span className="form-field__optional">(선택)</span>
            </label>
            <textarea
              id={`${id}-comment`}
              className="form-input form-textarea"
              rows={3}
              maxLength={FEEDBACK_COMMENT_MAX}
              value={comment}
              aria-describedby={countId}
              onChange={(e) => setComment(e.target.value)}
            />
            <p id={countId} className="page-feedback__count">
              {comment.length} / {FEEDBACK_COMMENT_MAX}자
            </p>
          </div>
          <button type="submit" className="button button--primary page-feedback__submit" aria-disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? '보내는 중…' : '의견 보내기'}
          </button>
        </form>
      )}
      <p
        id={statusId}
        role="status"
        className={`page-feedback__status${status.kind === 'error' ? ' page-feedback__status--error' : ''}`}
      >
        {status.kind === 'done' || status.kind === 'error' ? status.message : ''}
      </p>
    </section>
  );
}
