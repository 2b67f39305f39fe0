import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SiteAuthentication } from '@contract';
import { paths, twoFactorCodes } from '@contract';
import { getSessionStore, rememberedUserKey, rememberUserKey } from '@web/lib/session';
import { useSession } from '@web/lib/use-session';
import { useCaptcha } from '@web/lib/captcha';
import { useSiteAuthentication } from '../api/get-site-authentication';
import { useSignin } from '../api/signin';
import { returnPathAfterSignin } from '../account-paths';
import { AccountPage, WithAuthentication } from '../components/AccountPage';
import { AlreadySignedIn } from '../components/AlreadySignedIn';
import { CaptchaField } from '@web/ui/form/CaptchaField';
import { ErrorSummary } from '../components/ErrorSummary';
import { Field } from '@web/ui/form/Field';
import { FormMessage, type Notice } from '../components/FormMessage';
import { fieldDomId, focusField, issuesResolver, reportIssues } from '../components/form-helpers';
import { PendingButton } from '../components/SubmitButton';
import { failureDetail, signinFailureMessage } from '../failure-messages';
import { signinKeyLabels, uiMessages } from '../messages';
import type { Issue } from '../validation';
import { useFieldValidation, manualValidation } from '../components/use-field-validation';
import '@web/ui/form/forms.css';
import '../account.css';

const FORM_ID = 'signin';

interface SigninValues {
  userKeyCode: string;
  password: string;
  rememberId: boolean;
  captchaAnswer: string;
  /** An administrator's authenticator code or recovery code (issue 12), asked for once the password was right. */
  otp: string;
}

/** Account/Signin (spec §2, §4, §8). */
export function Component() {
  const session = useSession();
  const settings = useSiteAuthentication();
  // Signing in here keeps the form (its button says 처리 중…) until the next page has loaded.
  const [signingIn, setSigningIn] = useState(false);
  return (
    <AccountPage title="로그인" lead="회원 서비스를 이용하시려면 로그인해주세요.">
      {session.signedIn && !signingIn ? (
        <AlreadySignedIn name={session.user.name} />
      ) : (
        <WithAuthentication query={settings}>{(auth) => <SigninForm auth={auth} onSigningIn={() => setSigningIn(true)} />}</WithAuthentication>
      )}
    </AccountPage>
  );
}

function SigninForm({ auth, onSigningIn }: { auth: SiteAuthentication; onSigningIn: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const signin = useSignin();
  const captcha = useCaptcha(auth.useCapcha);
  const [summary, setSummary] = useState<Issue[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The server answered TWO_FACTOR_REQUIRED: the account signs in with a second factor.
  // Counts the times it was asked, so each answer moves the focus to the (maybe new) code field.
  const [codeAsked, setCodeAsked] = useState(0);
  const askCode = codeAsked > 0;
  useEffect(() => {
    if (codeAsked > 0) focusField(FORM_ID, 'otp');
  }, [codeAsked]);
  const keyLabel = signinKeyLabels[auth.authType];

  const issuesOf = (values: SigninValues): Issue[] => {
    const issues: Issue[] = [];
    if (!values.userKeyCode.trim()) issues.push({ name: 'userKeyCode', message: uiMessages.required(keyLabel) });
    if (!values.password) issues.push({ name: 'password', message: uiMessages.required('비밀번호') });
    if (auth.useCapcha && !values.captchaAnswer.trim()) issues.push({ name: 'captchaAnswer', message: uiMessages.captchaRequired });
    if (askCode && !values.otp.trim()) issues.push({ name: 'otp', message: uiMessages.required('인증 코드') });
    return issues;
  };

  const remembered = rememberedUserKey(window.localStorage);
  const form = useForm<SigninValues>({
    defaultValues: { userKeyCode: remembered, password: '', rememberId: remembered !== '', captchaAnswer: '', otp: '' },
    ...manualValidation,
    resolver: issuesResolver(issuesOf),
  });
  const { register, handleSubmit, formState, getValues, resetField } = form;
  const field = useFieldValidation(form, issuesOf);
  const errors = formState.errors;

  const onValid = async (values: SigninValues) => {
    setSummary([]);
    setNotice(null);
    const userKeyCode = values.userKeyCode.trim();
    try {
      const pair = await signin.mutateAsync({
        userKeyType: auth.signinKeyType,
        userKeyCode,
        password: values.password,
        ...(auth.useCapcha && captcha.data ? { captcha: { captchaId: captcha.data.captchaId, answer: values.captchaAnswer.trim() } } : {}),
        ...(askCode ? { otp: values.otp.trim() } : {}),
      });
      // Spec §4: with 아이디 저장 the key code is kept for next time; unchecked, it is removed.
      rememberUserKey(window.localStorage, values.rememberId ? userKeyCode : null);
      onSigningIn();
      getSessionStore().signIn(pair);
      // Spec §2: after login, the home page (or the page that asked for the sign-in).
      await navigate(returnPathAfterSignin(location.state), { replace: true });
    } catch (err) {
      const code = err instanceof Error && 'code' in err ? err.code : null;
      if (code === twoFactorCodes.required || code === twoFactorCodes.invalid) {
        // Not one of spec §8's failures: the password was right. The code is asked for in the page,
        // the password kept for the second try; a CAPTCHA is used up, so a new one is shown.
        setCodeAsked((n) => n + 1);
        setNotice({ tone: code === twoFactorCodes.invalid ? 'error' : 'info', text: err instanceof Error ? err.message : '' });
        resetField('otp');
        resetField('captchaAnswer');
        if (auth.useCapcha) void captcha.refetch();
        return;
      }
      const message = signinFailureMessage(err);
      // Spec §8: the login failure is an alert; it also stays on the screen.
      window.alert(message);
      setNotice({ tone: 'error', text: message, detail: failureDetail(err, message) });
      resetField('password');
      resetField('captchaAnswer');
      resetField('otp');
      setCodeAsked(0);
      if (auth.useCapcha) void captcha.refetch();
      focusField(FORM_ID, code === 'NOT_FOUND' ? 'userKeyCode' : 'password');
    }
  };

  const onInvalid = () => reportIssues(FORM_ID, issuesOf(getValues()), setSummary);

  const keyInput =
    auth.signinKeyType === 'EMAIL'
      ? ({ type: 'email', inputMode: 'email' } as const)
      : auth.signinKeyType === 'MOBILE'
        ? ({ type: 'tel', inputMode: 'tel' } as const)
        : ({ type: 'text' } as const);

  return (
    <form className="account-form" id={FORM_ID} noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-label="로그인">
      <ErrorSummary formId={FORM_ID} issues={summary} errors={formState.errors} />
      <FormMessage notice={notice} />
      <Field id={fieldDomId(FORM_ID, 'userKeyCode')} label={keyLabel} error={errors.userKeyCode?.message} hint={auth.signinKeyType === 'MOBILE' ? '예: 010-1234-5678' : undefined}>
        {(control) => (
          <input
            {...control}
            {...field('userKeyCode')}
            {...keyInput}
            className="form-input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <Field id={fieldDomId(FORM_ID, 'password')} label="비밀번호" error={errors.password?.message}>
        {(control) => <input {...control} {...field('password')} className="form-input" type="password" autoComplete="current-password" />}
      </Field>
      {askCode && (
        <Field
          id={fieldDomId(FORM_ID, 'otp')}
          label="인증 코드"
          error={errors.otp?.message}
          hint="인증 앱에 표시된 6자리 숫자를 입력하세요. 휴대폰을 쓸 수 없으면 복구 코드(예: abcde-fghij)를 입력합니다."
        >
          {(control) => (
            <input
              {...control}
              {...field('otp')}
              className="form-input"
              type="text"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
            />
          )}
        </Field>
      )}
      {auth.useCapcha && (
        <CaptchaField id={fieldDomId(FORM_ID, 'captchaAnswer')} query={captcha} answer={field('captchaAnswer')} error={errors.captchaAnswer?.message} />
      )}
      <label className="form-check" htmlFor={fieldDomId(FORM_ID, 'rememberId')}>
        <input {...register('rememberId')} id={fieldDomId(FORM_ID, 'rememberId')} type="checkbox" />
        <span>아이디 저장</span>
      </label>
      <PendingButton type="submit" pending={signin.isPending || formState.isSubmitting} className="button button--primary account-form__submit">
        로그인
      </PendingButton>
      <ul className="account-links" aria-label="회원 서비스">
        <li>
          <Link to={paths.signup}>회원가입</Link>
        </li>
        <li>
          <Link to={paths.findId}>아이디 찾기</Link>
        </li>
        <li>
          <Link to={paths.findPassword}>비밀번호 찾기</Link>
        </li>
      </ul>
    </form>
  );
}
