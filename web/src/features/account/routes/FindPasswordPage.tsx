import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { accountMessages, paths } from '@contract';
import { alertAndCarry } from '@web/lib/carried-notice';
import { useRequestResetPasswordToken } from '../api/reset-password-token';
import { useResetPassword } from '../api/reset-password';
import { AccountPage } from '../components/AccountPage';
import { PasswordStrength } from '../components/PasswordStrength';
import { useSiteInfo } from '@web/lib/site-info';
import { ErrorSummary } from '../components/ErrorSummary';
import { Field } from '@web/ui/form/Field';
import { FormMessage, type Notice } from '../components/FormMessage';
import { fieldDomId, focusField, issuesResolver, reportIssues } from '../components/form-helpers';
import { PendingButton } from '../components/SubmitButton';
import { usePincodeTimer } from '../components/use-pincode-timer';
import { failureDetail, resetPasswordFailureMessage } from '../failure-messages';
import { formatRemaining, spokenRemaining } from '../format';
import { uiMessages } from '../messages';
import { emailMessage, resetPasswordIssues, type Issue, type ResetPasswordValues } from '../validation';
import { useFieldValidation, manualValidation } from '../components/use-field-validation';
import '@web/ui/form/forms.css';
import '../account.css';

const REQUEST_FORM_ID = 'find-password-request';
const RESET_FORM_ID = 'find-password-reset';

interface ResetToken {
  userToken: string;
  forEmail: string;
  sentAt: number;
}

/**
 * Account/FindPassword (spec §2, §4): a token is requested by e-mail, then the pincode and a new
 * password reset it, and the member goes to the home page.
 */
export function Component() {
  const [token, setToken] = useState<ResetToken | null>(null);
  const [email, setEmail] = useState('');
  const active = token && token.forEmail === email.trim() ? token : null;
  return (
    <AccountPage title="비밀번호 찾기" lead="회원가입 때 인증한 이메일로 인증번호를 보내드립니다. 인증번호를 입력하고 새 비밀번호를 설정해주세요.">
      <RequestForm token={active} onToken={setToken} onEmailChange={setEmail} />
      {active && <ResetForm key={active.userToken} token={active} />}
    </AccountPage>
  );
}

function RequestForm({
  token,
  onToken,
  onEmailChange,
}: {
  token: ResetToken | null;
  onToken: (token: ResetToken) => void;
  onEmailChange: (email: string) => void;
}) {
  const request = useRequestResetPasswordToken();
  const [notice, setNotice] = useState<Notice | null>(null);
  const clock = usePincodeTimer(token?.sentAt ?? null);
  const issuesOf = ({ email }: { email: string }): Issue[] => {
    const message = emailMessage(email);
    return message ? [{ name: 'email', message }] : [];
  };
  const form = useForm<{ email: string }>({ defaultValues: { email: '' }, ...manualValidation, resolver: issuesResolver(issuesOf) });
  const { handleSubmit, formState, control } = form;
  const field = useFieldValidation(form, issuesOf);
  const email = useWatch({ control, name: 'email' });
  // The reset step belongs to the address the pincode went to: editing it starts over.
  useEffect(() => onEmailChange(email), [email, onEmailChange]);

  const resendIn = token && clock ? clock.resendIn : 0;

  const onValid = async ({ email }: { email: string }) => {
    if (resendIn > 0) return;
    setNotice(null);
    const forEmail = email.trim();
    try {
      const { userToken } = await request.mutateAsync({ email: forEmail });
      onToken({ userToken, forEmail, sentAt: Date.now() });
      setNotice({ tone: 'info', text: token ? uiMessages.pincodeSentAgain : uiMessages.pincodeSent });
      window.setTimeout(() => focusField(RESET_FORM_ID, 'pincode'), 0);
    } catch (err) {
      window.alert(accountMessages.pincodeSendFailed);
      setNotice({ tone: 'error', text: accountMessages.pincodeSendFailed, detail: failureDetail(err, accountMessages.pincodeSendFailed) });
      focusField(REQUEST_FORM_ID, 'email');
    }
  };

  return (
    <form
      className="account-form"
      id={REQUEST_FORM_ID}
      noValidate
      aria-label="인증번호 요청"
      onSubmit={handleSubmit(onValid, () => focusField(REQUEST_FORM_ID, 'email'))}
    >
      <Field
        id={fieldDomId(REQUEST_FORM_ID, 'email')}
        label="이메일"
        required
        error={formState.errors.email?.message}
        hint={resendIn > 0 ? `${resendIn}초 후 인증번호를 다시 받을 수 있습니다.` : '회원가입 때 인증한 이메일 주소를 입력해주세요.'}
        actions={
          <PendingButton type="submit" pending={request.isPending} disabled={resendIn > 0}>
            {token ? '인증번호 재발송' : '인증번호 발송'}
          </PendingButton>
        }
      >
        {(control) => (
          <input
            {...control}
            {...field('email')}
            className="form-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <FormMessage notice={notice} />
    </form>
  );
}

function ResetForm({ token }: { token: ResetToken }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const clock = usePincodeTimer(token.sentAt);
  const [summary, setSummary] = useState<Issue[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<ResetPasswordValues>({
    defaultValues: { pincode: '', password: '', passwordConfirm: '' },
    ...manualValidation,
    resolver: issuesResolver(resetPasswordIssues),
  });
  const { handleSubmit, formState, getValues, resetField, control } = form;
  const field = useFieldValidation(form, resetPasswordIssues);
  const password = useWatch({ control, name: 'password' });
  const site = useSiteInfo().data;
  const errors = formState.errors;
  const expired = clock?.expired ?? true;

  const onValid = async (values: ResetPasswordValues) => {
    setSummary([]);
    setNotice(null);
    if (expired) {
      window.alert(accountMessages.pincodeTokenMissing);
      setNotice({ tone: 'error', text: accountMessages.pincodeTokenMissing });
      focusField(REQUEST_FORM_ID, 'email');
      return;
    }
    try {
      await reset.mutateAsync({ userToken: token.userToken, pincode: values.pincode.trim(), password: values.password, passwordConfirm: values.passwordConfirm });
      // Spec §4, §8: "비밀번호가 재설정 되었습니다." and on to the home page.
      alertAndCarry(accountMessages.resetPasswordOk, [paths.home], 'success');
      await navigate(paths.home);
    } catch (err) {
      const text = resetPasswordFailureMessage(err);
      window.alert(text);
      setNotice({ tone: 'error', text });
      resetField('pincode');
      focusField(RESET_FORM_ID, 'pincode');
    }
  };

  return (
    <form
      className="account-form"
      id={RESET_FORM_ID}
      noValidate
      aria-label="비밀번호 재설정"
      onSubmit={handleSubmit(onValid, () => reportIssues(RESET_FORM_ID, resetPasswordIssues(getValues()), setSummary))}
    >
      <h2 className="account-section__title">새 비밀번호 설정</h2>
      <ErrorSummary formId={RESET_FORM_ID} issues={summary} errors={formState.errors} />
      <Field
        id={fieldDomId(RESET_FORM_ID, 'pincode')}
        label="인증번호"
        required
        error={errors.pincode?.message}
        hint={
          expired ? (
            accountMessages.pincodeExpired
          ) : (
            <span role="timer" aria-live="off" className="pincode-step__timer">
              남은 시간 <span aria-hidden="true">{formatRemaining(clock?.remaining ?? 0)}</span>
              <span className="visually-hidden">{spokenRemaining(clock?.remaining ?? 0)}</span>
            </span>
          )
        }
      >
        {(control) => (
          <input {...control} {...field('pincode')} className="form-input form-input--pincode" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        )}
      </Field>
      <Field
        id={fieldDomId(RESET_FORM_ID, 'password')}
        label="새 비밀번호"
        required
        error={errors.password?.message}
        hint={accountMessages.passwordFormat}
        below={<PasswordStrength id={`${fieldDomId(RESET_FORM_ID, 'password')}-strength`} password={password} identity={[token.forEmail]} site={site} />}
      >
        {(control) => <input {...control} {...field('password')} className="form-input" type="password" autoComplete="new-password" maxLength={16} />}
      </Field>
      <Field id={fieldDomId(RESET_FORM_ID, 'passwordConfirm')} label="새 비밀번호 확인" required error={errors.passwordConfirm?.message}>
        {(control) => <input {...control} {...field('passwordConfirm')} className="form-input" type="password" autoComplete="new-password" maxLength={16} />}
      </Field>
      <FormMessage notice={notice} />
      <PendingButton type="submit" pending={reset.isPending || formState.isSubmitting} className="button button--primary account-form__submit">
        비밀번호 재설정
      </PendingButton>
    </form>
  );
}
