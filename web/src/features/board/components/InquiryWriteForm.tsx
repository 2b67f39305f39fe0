import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
// zod's configuration (Korean messages; jitless under the CSP) before this form's schema is built.
import '@contract/zod-ko';
import { z } from 'zod';
import { boardMessages, contactPatterns, paths } from '@contract';
import { useSession } from '@web/lib/use-session';
import { useSiteInfo } from '../../site/api/get-site-info';
import { useCaptcha } from '@web/lib/captcha';
import { CaptchaField } from '@web/ui/form/CaptchaField';
import { Field, RequiredMark } from '@web/ui/form/Field';
import { useSaveBoardItem } from '../api/save-board-item';
import { htmlToPlainText, plainTextToHtml } from '../write/content';
import { useLeaveWarning } from '../write/use-leave-warning';
import type { WriteFormProps } from './WriteGate';

const captchaRequired = '자동입력 방지 문자를 입력해주세요.';

function inquirySchema(needsCaptcha: boolean) {
  return z.object({
    name: z.string().trim().min(1, boardMessages.nameRequired).max(20, boardMessages.nameTooLong),
    email: z.string().trim().min(1, '이메일을 입력해주세요.').regex(contactPatterns.email, boardMessages.emailFormat),
    // Spec §5: 2-3 digits, 3-4 digits, 4 digits with hyphens; may be left empty.
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || contactPatterns.phone.test(v), boardMessages.phoneFormat),
    title: z.string().trim().min(1, boardMessages.titleRequired).max(200, boardMessages.titleTooLong),
    content: z.string().trim().min(1, boardMessages.contentRequired).max(20_000, boardMessages.contentTooLong),
    agree: z.boolean().refine((v) => v, boardMessages.agreeRequired),
    captchaAnswer: needsCaptcha ? z.string().trim().min(1, captchaRequired) : z.string(),
  });
}
type InquiryValues = z.infer<ReturnType<typeof inquirySchema>>;
const fieldOrder: (keyof InquiryValues)[] = ['name', 'email', 'phone', 'title', 'content', 'agree', 'captchaAnswer'];

/**
 * The inquiry form of `nids/contactus/write/NEW` (issue 4): name, e-mail, phone, title, the question
 * (plain text), consent to the contact-us terms and, for guests when the site asks for it, the
 * captcha. Afterwards a Korean confirmation; members find their inquiries and answers in the list.
 */
export function InquiryWriteForm({ board, boardItem }: WriteFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const session = useSession();
  const site = useSiteInfo();
  const needsCaptcha = !session.signedIn && Boolean(site.data?.useCapcha) && boardItem === null;
  const captcha = useCaptcha(needsCaptcha);
  const save = useSaveBoardItem(board.boardCode, boardItem?.itemNo ?? null);
  const [serverError, setServerError] = useState('');
  const [sent, setSent] = useState(false);
  const serverErrorRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const schema = useMemo(() => inquirySchema(needsCaptcha), [needsCaptcha]);

  const form = useForm<InquiryValues>({
    defaultValues: {
      name: boardItem?.writerName ?? (session.signedIn ? session.user.name : ''),
      email: boardItem?.contact?.email ?? '',
      phone: boardItem?.contact?.phone ?? '',
      title: boardItem?.title ?? '',
      content: boardItem ? htmlToPlainText(boardItem.content) : '',
      agree: boardItem !== null,
      captchaAnswer: '',
    },
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const { allowLeaving } = useLeaveWarning(formState.isDirty && !sent);

  const onValid = async (values: InquiryValues) => {
    setServerError('');
    const challenge = captcha.data;
    try {
      const saved = await save.mutateAsync({
        name: values.name,
        email: values.email,
        phone: values.phone,
        title: values.title,
        content: plainTextToHtml(values.content),
        agree: values.agree,
        files: boardItem?.files.map((file) => ({ id: file.id })) ?? [],
        ...(needsCaptcha && challenge ? { captcha: { captchaId: challenge.captchaId, answer: values.captchaAnswer.trim() } } : {}),
      });
      allowLeaving();
      if (boardItem) {
        navigate(paths.boardView(board.area, board.boardCode, saved.itemNo), { replace: true });
        return;
      }
      setSent(true);
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
      // A captcha is used once, right or wrong.
      if (needsCaptcha) {
        form.setValue('captchaAnswer', '');
        void captcha.refetch();
      }
      serverErrorRef.current?.focus();
    }
  };

  // The confirmation takes the focus once it is on the screen (an effect runs after the commit;
  // a frame callback may run before it).
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  // The first invalid field in screen order takes the focus (its error is in its description).
  const onInvalid = (invalid: Partial<Record<keyof InquiryValues, unknown>>) => {
    const first = fieldOrder.find((name) => invalid[name]);
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  if (sent) {
    return (
      <div className="account-box inquiry-sent" role="status">
        <h2 ref={sentRef} tabIndex={-1} className="account-box__title">
          {boardMessages.inquirySent}
        </h2>
        {session.signedIn ? (
          <p>문의 내역과 답변은 {board.name} 목록에서 확인하실 수 있습니다.</p>
        ) : (
          <p>답변이 등록되면 입력하신 이메일로 알려드립니다.</p>
        )}
        <div className="account-actions">
          <Link className="button" to={paths.home}>
            첫 화면으로
          </Link>
          {session.signedIn && (
            <Link className="button button--primary" to={paths.boardList(board.area, board.boardCode)}>
              내 문의 내역
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <form className="board-form account-form" noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} aria-label="문의하기">
      <p className="account-form__legend-note">
        <RequiredMark /> 표시는 꼭 입력해야 하는 항목입니다. 문의 내용은 작성하신 분과 담당자만 볼 수 있습니다.
      </p>
      <div ref={serverErrorRef} tabIndex={-1} role="alert" className={serverError ? 'form-message form-message--error' : undefined}>
        {serverError && <p>{serverError}</p>}
      </div>

      <Field id={`${formId}-name`} label="이름" required error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} className="form-input" type="text" autoComplete="name" maxLength={20} />}
      </Field>
      <Field id={`${formId}-email`} label="이메일" required error={errors.email?.message} hint="답변 알림을 받을 주소입니다.">
        {(control) => <input {...control} {...register('email')} className="form-input" type="email" autoComplete="email" maxLength={100} />}
      </Field>
      <Field id={`${formId}-phone`} label="연락처" error={errors.phone?.message} hint="예: 010-1234-5678 (선택)">
        {(control) => <input {...control} {...register('phone')} className="form-input" type="tel" autoComplete="tel" inputMode="tel" maxLength={13} />}
      </Field>
      <Field id={`${formId}-title`} label="제목" required error={errors.title?.message}>
        {(control) => <input {...control} {...register('title')} className="form-input" type="text" maxLength={200} autoComplete="off" />}
      </Field>
      <Field id={`${formId}-content`} label="문의 내용" required error={errors.content?.message}>
        {(control) => <textarea {...control} {...register('content')} className="form-input form-textarea inquiry-form__content" rows={10} />}
      </Field>

      <div className={`form-field consent${errors.agree ? ' form-field--invalid' : ''}`}>
        <label className="form-check" htmlFor={`${formId}-agree`}>
          <input
            id={`${formId}-agree`}
            type="checkbox"
            aria-invalid={Boolean(errors.agree)}
            aria-describedby={errors.agree ? `${formId}-agree-error` : undefined}
            {...register('agree')}
          />
          <span>
            문의 접수를 위한 개인정보 수집·이용에 동의합니다 <RequiredMark />
          </span>
        </label>
        <a className="consent__link" href={paths.contactUsTerms} target="_blank" rel="noopener noreferrer">
          약관 보기<span className="visually-hidden"> (개인정보 수집·이용 안내, 새 창)</span>
        </a>
        {errors.agree && (
          <p className="form-field__error" id={`${formId}-agree-error`}>
            {errors.agree.message}
          </p>
        )}
      </div>

      {needsCaptcha && (
        <CaptchaField id={`${formId}-captchaAnswer`} query={captcha} answer={register('captchaAnswer')} error={errors.captchaAnswer?.message} />
      )}

      <div className="board-actions">
        <Link className="button" to={boardItem ? paths.boardView(board.area, board.boardCode, boardItem.itemNo) : paths.home}>
          취소
        </Link>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? '보내는 중…' : boardItem ? '수정' : '문의하기'}
        </button>
      </div>
    </form>
  );
}
