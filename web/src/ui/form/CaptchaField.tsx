import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CaptchaChallenge } from '../../lib/captcha';
import { Field } from './Field';

/**
 * 자동입력 방지 (site setting useCapcha): the challenge image, its text alternative (a question
 * whose answer also passes, for people who cannot see the image), a 새로고침 button for another
 * challenge, and the answer field.
 */
export function CaptchaField({
  id,
  query,
  answer,
  error,
}: {
  id: string;
  query: UseQueryResult<CaptchaChallenge>;
  answer: UseFormRegisterReturn;
  error?: string;
}) {
  const challenge = query.data;
  return (
    <fieldset className="captcha">
      <legend className="form-field__label">자동입력 방지</legend>
      <div className="captcha__challenge">
        {challenge ? (
          <img className="captcha__image" src={challenge.image} alt="자동입력 방지 숫자 그림" width={220} height={72} />
        ) : (
          <span className="captcha__placeholder" role="status">
            {query.isError ? '자동입력 방지 문자를 불러오지 못했습니다. 새로고침을 눌러주세요.' : '불러오는 중입니다…'}
          </span>
        )}
        <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          새로고침<span className="visually-hidden"> (다른 자동입력 방지 문제 보기)</span>
        </button>
      </div>
      {challenge && (
        <p className="captcha__question" id={`${id}-question`}>
          그림이 보이지 않으면 다음 질문의 답을 입력하셔도 됩니다. <span className="captcha__question-text">{challenge.textAlternative}</span>
        </p>
      )}
      <Field id={id} label="자동입력 방지 답" required error={error} hint="그림에 보이는 숫자 또는 질문의 답을 숫자로 입력해주세요.">
        {(control) => (
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], challenge ? `${id}-question` : null].filter(Boolean).join(' ') || undefined}
            {...answer}
            className="form-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
          />
        )}
      </Field>
    </fieldset>
  );
}
