import { useState } from 'react';
import { useForm, useWatch, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { useSiteInfo } from '@web/lib/site-info';
import { PasswordStrength } from '../components/PasswordStrength';
import { useNavigate } from 'react-router';
import type { SiteAuthentication } from '@contract';
import { accountMessages, keyLabels, paths } from '@contract';
import { useSession } from '@web/lib/use-session';
import { checkUserKeyExists } from '../api/check-user-key-exists';
import { useCaptcha } from '@web/lib/captcha';
import { useSiteAuthentication } from '../api/get-site-authentication';
import { useSignup } from '../api/signup';
import { AccountPage, WithAuthentication } from '../components/AccountPage';
import { AlreadySignedIn } from '../components/AlreadySignedIn';
import { CaptchaField } from '@web/ui/form/CaptchaField';
import { ErrorSummary } from '../components/ErrorSummary';
import { Field, RequiredMark } from '@web/ui/form/Field';
import { FormMessage, type Notice } from '../components/FormMessage';
import { fieldDomId, focusField, issuesResolver, reportIssues } from '../components/form-helpers';
import { ProfileFields } from '@web/ui/form/ProfileFields';
import { PendingButton } from '../components/SubmitButton';
import { usePincodeVerification } from '../components/use-pincode-verification';
import { failureDetail, signupFailureMessage } from '../failure-messages';
import {
  emptyProfileValue,
  orderIssues,
  signupFieldIssues,
  signupFieldOrder,
  signupIssues,
  signupProgressIssues,
  signupRequestBody,
  type Issue,
  type SignupFormValues,
  type SignupProgress,
} from '../validation';
import type { WelcomeState } from './SignupWelcomePage';
import { useFieldValidation, manualValidation } from '../components/use-field-validation';
import '@web/ui/form/forms.css';
import '../account.css';

const FORM_ID = 'signup';

/** Account/Signup (spec §2, §4, §5, §8). */
export function Component() {
  const session = useSession();
  const settings = useSiteAuthentication();
  return (
    <AccountPage title="회원가입" lead="약관에 동의하시고 회원 정보를 입력해주세요." wide>
      {session.signedIn ? (
        <AlreadySignedIn name={session.user.name} />
      ) : (
        <WithAuthentication query={settings}>{(auth) => <SignupForm auth={auth} />}</WithAuthentication>
      )}
    </AccountPage>
  );
}

/** A key token, or a passed check, belongs to the exact value it was obtained for. */
interface ForValue<T> {
  value: T;
  forValue: string;
}

function SignupForm({ auth }: { auth: SiteAuthentication }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const captcha = useCaptcha(auth.useCapcha);
  const [summary, setSummary] = useState<Issue[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [idCheck, setIdCheck] = useState<ForValue<{ available: boolean; notice: Notice }> | null>(null);
  const [checkingId, setCheckingId] = useState(false);
  const [emailToken, setEmailToken] = useState<ForValue<string> | null>(null);
  const [mobileToken, setMobileToken] = useState<ForValue<string> | null>(null);

  const issuesOf = (values: SignupFormValues) => signupFieldIssues(values, auth);
  const form = useForm<SignupFormValues>({
    defaultValues: {
      agreeTerms: false,
      agreePrivacy: false,
      userId: '',
      password: '',
      passwordConfirm: '',
      name: '',
      email: '',
      mobile: '',
      profile: Object.fromEntries(auth.userProfiles.map((field) => [field.code, emptyProfileValue(field)])),
      captchaAnswer: '',
    },
    ...manualValidation,
    resolver: issuesResolver(issuesOf),
  });
  const { handleSubmit, formState, getValues, trigger, setError, clearErrors, control, resetField } = form;
  // Checked when a field is left and on submit, never while Korean text is being composed.
  const field = useFieldValidation(form, issuesOf);
  const errors = formState.errors;
  const [userId, email, mobile, password] = useWatch({ control, name: ['userId', 'email', 'mobile', 'password'] });
  const site = useSiteInfo().data;

  const tokenFor = (token: ForValue<string> | null, value: string) => (token && token.forValue === value.trim() ? token.value : null);
  // A check or key token is for the exact value it was obtained for (the ID check is also undone
  // on any edit of the ID, below).
  const idChecked = idCheck && idCheck.forValue === userId.trim() ? idCheck.value : null;
  const progress: SignupProgress = {
    idCheckPassed: idChecked?.available === true,
    emailToken: tokenFor(emailToken, email),
    mobileToken: tokenFor(mobileToken, mobile),
  };

  const emailVerification = usePincodeVerification({
    idPrefix: fieldDomId(FORM_ID, 'email'),
    keyType: 'EMAIL',
    purpose: 'SIGNUP',
    value: email,
    validateValue: () => trigger('email'),
    checkAvailability: true,
    verified: progress.emailToken !== null,
    onVerified: (value, forValue) => {
      setEmailToken({ value, forValue });
      clearErrors('email');
    },
    anonymous: true,
    focusValue: () => focusField(FORM_ID, 'email'),
  });
  const mobileVerification = usePincodeVerification({
    idPrefix: fieldDomId(FORM_ID, 'mobile'),
    keyType: 'MOBILE',
    purpose: 'SIGNUP',
    value: mobile,
    validateValue: () => trigger('mobile'),
    checkAvailability: true,
    verified: progress.mobileToken !== null,
    onVerified: (value, forValue) => {
      setMobileToken({ value, forValue });
      clearErrors('mobile');
    },
    anonymous: true,
    focusValue: () => focusField(FORM_ID, 'mobile'),
  });

  async function checkId() {
    if (checkingId) return;
    if (!(await trigger('userId'))) {
      focusField(FORM_ID, 'userId');
      return;
    }
    const value = getValues('userId').trim();
    const label = keyLabels.ID;
    setCheckingId(true);
    try {
      const { exists } = await checkUserKeyExists({ userKeyType: 'ID', userKeyCode: value });
      const text = exists ? accountMessages.keyTaken(label) : accountMessages.keyFree(label);
      window.alert(text);
      setIdCheck({ forValue: value, value: { available: !exists, notice: { tone: exists ? 'error' : 'success', text } } });
      if (exists) focusField(FORM_ID, 'userId');
      else clearErrors('userId');
    } catch (err) {
      const text = accountMessages.keyCheckFailed(label);
      window.alert(text);
      setIdCheck({ forValue: value, value: { available: false, notice: { tone: 'error', text, detail: failureDetail(err, text) } } });
    } finally {
      setCheckingId(false);
    }
  }

  /** Inline errors for skipped steps (the resolver only knows the fields), then summary and focus. */
  function refuse(issues: Issue[]) {
    for (const issue of issues) {
      if (issue.blocking) setError(issue.name as FieldPath<SignupFormValues>, { type: 'progress', message: issue.message });
    }
    reportIssues(FORM_ID, issues, setSummary);
  }

  const onInvalid = () => refuse(signupIssues(getValues(), progress, auth));

  const onValid = async (values: SignupFormValues) => {
    const blocked = signupProgressIssues(progress, auth);
    if (blocked.length) {
      refuse(orderIssues(signupFieldOrder(auth), blocked));
      return;
    }
    setSummary([]);
    setNotice(null);
    try {
      const { userName } = await signup.mutateAsync(signupRequestBody(values, auth, progress, auth.useCapcha ? (captcha.data ?? null) : null));
      await navigate(paths.signupWelcome, { state: { userName } satisfies WelcomeState });
    } catch (err) {
      // Spec §8: "회원가입의 실패하였습니다.", unless the server named the rule that failed.
      const text = signupFailureMessage(err);
      window.alert(text);
      setNotice({ tone: 'error', text });
      if (auth.useCapcha) {
        resetField('captchaAnswer');
        void captcha.refetch();
      }
    }
  };

  const keyType = auth.signinKeyType;
  const userIdField = field('userId');
  const errorOf = (name: string) => {
    const [group, code] = name.split('.');
    return group === 'profile' && code ? errors.profile?.[code]?.message : undefined;
  };

  return (
    <form className="account-form account-form--wide" id={FORM_ID} noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-label="회원가입">
      <p className="account-form__legend-note">
        <RequiredMark /> 표시는 반드시 입력해야 하는 항목입니다.
      </p>
      <ErrorSummary formId={FORM_ID} issues={summary} errors={formState.errors} />

      <fieldset className="account-section">
        <legend className="account-section__title">약관 동의</legend>
        <ConsentItem
          id={fieldDomId(FORM_ID, 'agreeTerms')}
          label="이용약관에 동의합니다."
          href={paths.terms}
          linkText="이용약관 보기"
          error={errors.agreeTerms?.message}
          input={field('agreeTerms', { choice: true })}
        />
        <ConsentItem
          id={fieldDomId(FORM_ID, 'agreePrivacy')}
          label="개인정보 수집·이용에 동의합니다."
          href={paths.privacy}
          linkText="개인정보 수집·이용 안내 보기"
          error={errors.agreePrivacy?.message}
          input={field('agreePrivacy', { choice: true })}
        />
      </fieldset>

      <fieldset className="account-section">
        <legend className="account-section__title">회원 정보</legend>
        {keyType === 'ID' && (
          <Field
            id={fieldDomId(FORM_ID, 'userId')}
            label="아이디"
            required
            error={errors.userId?.message}
            hint={accountMessages.userIdFormat}
            actions={
              <PendingButton pending={checkingId} onClick={checkId} disabled={idChecked?.available === true}>
                {idChecked?.available ? '확인 완료' : '중복 확인'}
              </PendingButton>
            }
            below={<FormMessage notice={idChecked?.notice ?? null} />}
          >
            {(control) => (
              <input
                {...control}
                {...userIdField}
                onChange={(event) => {
                  // Spec §5: changing the ID after checking it undoes the check.
                  setIdCheck(null);
                  return userIdField.onChange(event);
                }}
                className="form-input"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={20}
              />
            )}
          </Field>
        )}
        <Field
          id={fieldDomId(FORM_ID, 'password')}
          label="비밀번호"
          required
          error={errors.password?.message}
          hint={accountMessages.passwordFormat}
          below={<PasswordStrength id={`${fieldDomId(FORM_ID, 'password')}-strength`} password={password} identity={[userId, email]} site={site} />}
        >
          {(control) => <input {...control} {...field('password')} className="form-input" type="password" autoComplete="new-password" maxLength={16} />}
        </Field>
        <Field id={fieldDomId(FORM_ID, 'passwordConfirm')} label="비밀번호 확인" required error={errors.passwordConfirm?.message}>
          {(control) => <input {...control} {...field('passwordConfirm')} className="form-input" type="password" autoComplete="new-password" maxLength={16} />}
        </Field>
        <Field id={fieldDomId(FORM_ID, 'name')} label="이름" required error={errors.name?.message} hint="한글 1~4자">
          {(control) => <input {...control} {...field('name')} className="form-input" type="text" autoComplete="name" maxLength={4} />}
        </Field>
        <Field
          id={fieldDomId(FORM_ID, 'email')}
          label="이메일"
          required
          error={errors.email?.message}
          hint={keyType === 'EMAIL' ? '로그인할 때 아이디로 사용합니다. 인증번호를 받아 인증해주세요.' : '인증번호를 받아 인증해주세요.'}
          actions={emailVerification.sendButton}
          below={emailVerification.step}
        >
          {(control) => (
            <input
              {...control}
              {...field('email')}
              className="form-input"
              type="email"
              inputMode="email"
              autoComplete={keyType === 'EMAIL' ? 'username' : 'email'}
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        {keyType === 'MOBILE' && (
          <Field
            id={fieldDomId(FORM_ID, 'mobile')}
            label="휴대폰 번호"
            required
            error={errors.mobile?.message}
            hint="로그인할 때 아이디로 사용합니다. 예: 010-1234-5678"
            actions={mobileVerification.sendButton}
            below={mobileVerification.step}
          >
            {(control) => <input {...control} {...field('mobile')} className="form-input" type="tel" inputMode="tel" autoComplete="tel" />}
          </Field>
        )}
      </fieldset>

      {auth.userProfiles.length > 0 && (
        <fieldset className="account-section">
          <legend className="account-section__title">추가 정보</legend>
          <ProfileFields
            formId={FORM_ID}
            fields={auth.userProfiles}
            register={(name, choice) => field(name as FieldPath<SignupFormValues>, { choice })}
            errorOf={errorOf}
          />
        </fieldset>
      )}

      {auth.useCapcha && (
        <CaptchaField id={fieldDomId(FORM_ID, 'captchaAnswer')} query={captcha} answer={field('captchaAnswer')} error={errors.captchaAnswer?.message} />
      )}

      <FormMessage notice={notice} />
      <PendingButton type="submit" pending={signup.isPending || formState.isSubmitting} className="button button--primary account-form__submit">
        회원가입
      </PendingButton>
    </form>
  );
}

function ConsentItem({
  id,
  label,
  href,
  linkText,
  error,
  input,
}: {
  id: string;
  label: string;
  href: string;
  linkText: string;
  error?: string;
  input: UseFormRegisterReturn;
}) {
  return (
    <div className={`consent${error ? ' form-field--invalid' : ''}`}>
      <label className="form-check" htmlFor={id}>
        <input {...input} id={id} type="checkbox" aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} aria-required />
        <span>
          {label}
          <RequiredMark />
        </span>
      </label>
      <a className="consent__link" href={href} target="_blank" rel="noopener noreferrer" title="새 창 열림">
        {linkText}
        <span className="visually-hidden"> (새 창 열림)</span>
        <svg className="consent__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M9 2h5v5h-1.5V4.6L7.1 10 6 8.9l5.4-5.4H9zM3 4h4v1.5H4.5v6h6V9H12v4H3z" fill="currentColor" />
        </svg>
      </a>
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
