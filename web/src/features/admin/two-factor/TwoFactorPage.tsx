import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  twoFactorChangeRequest, twoFactorConfirmRequest, twoFactorMessages, twoFactorPasswordRequest,
  type TwoFactorChangeRequest, type TwoFactorEnrolment, type TwoFactorStatus,
} from '@contract';
import { refusedField } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { describedBy } from '@web/ui/form/described-by';
import { Field } from '@web/ui/form/Field';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { useConfirmEnrolment, useDisableTwoFactor, useRefreshAll, useRenewRecoveryCodes, useStartEnrolment, useTwoFactorStatus } from './api';
import '@web/ui/form/forms.css';
import './two-factor.css';

type Result = { ok: boolean; text: string } | null;
/** Recovery codes just issued, with the sentence that says why. */
type Issued = { codes: string[]; message: string };
const failureText = (err: unknown) => (err instanceof Error ? err.message : '요청을 처리하지 못했습니다.');

/**
 * 2단계 인증 (issue 12): the signed-in administrator's authenticator app. Enrolment asks for the
 * password, shows a QR code and the same key as text (for a screen reader or an app without a
 * camera), takes the first code and shows ten recovery codes once.
 */
export function Component() {
  useDocumentTitle('2단계 인증');
  const status = useTwoFactorStatus();
  return (
    <section className="admin-screen" aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">2단계 인증</h1>
      <p className="admin-note">
        로그인할 때 비밀번호와 함께 휴대폰 인증 앱(Google Authenticator, Microsoft Authenticator 등)의 6자리 코드를 입력합니다. 비밀번호가 새어
        나가도 다른 사람이 관리자 화면에 들어올 수 없습니다.
      </p>
      {status.data ? <TwoFactorScreen status={status.data} /> : <QueryState query={status} label="2단계 인증 상태" />}
    </section>
  );
}

function TwoFactorScreen({ status }: { status: TwoFactorStatus }) {
  // Codes just issued stay on screen until the administrator says they are kept.
  const [issued, setIssued] = useState<Issued | null>(null);
  const [disabledNow, setDisabledNow] = useState(false);
  const refreshAll = useRefreshAll();
  if (issued) {
    return (
      <RecoveryCodes
        issued={issued}
        onDone={() => {
          setIssued(null);
          void refreshAll();
        }}
      />
    );
  }
  return (
    <>
      {status.setupRequired && (
        <p role="alert" className="form-message form-message--error">
          {twoFactorMessages.setupRequired}
        </p>
      )}
      {/* Turned off: said here, as the section that did it gives way to enrolment (a live region present before it fills). */}
      <div role="status" className={disabledNow && !status.enabled ? 'form-message form-message--success' : undefined}>
        {disabledNow && !status.enabled && <p>{twoFactorMessages.disabled}</p>}
      </div>
      {status.enabled ? <Enabled status={status} onCodes={setIssued} onDisabled={() => setDisabledNow(true)} /> : <Enrol onCodes={setIssued} />}
    </>
  );
}

function Enrol({ onCodes }: { onCodes: (issued: Issued) => void }) {
  const start = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [result, setResult] = useState<Result>(null);
  if (enrolment) return <ConfirmEnrolment enrolment={enrolment} onCodes={onCodes} onRestart={() => setEnrolment(null)} />;
  return (
    <div className="admin-section">
      <h2>인증 앱 등록</h2>
      <p>2단계 인증이 설정되어 있지 않습니다. 등록을 시작하려면 현재 비밀번호를 입력하세요.</p>
      <PasswordForm
        submitLabel="등록 시작"
        pending={start.isPending}
        onSubmit={async (password) => {
          setResult(null);
          try {
            setEnrolment(await start.mutateAsync(password));
          } catch (err) {
            setResult({ ok: false, text: failureText(err) });
          }
        }}
      />
      <SaveResult result={result} />
    </div>
  );
}

/** What the code field of the forms before a change takes (its hint, under the field). */
const CHANGE_CODE_HINT = '인증 앱의 6자리 코드를 입력하세요. 휴대폰이 없으면 복구 코드 하나를 입력합니다(입력한 복구 코드는 다시 쓸 수 없습니다).';

/** The key in groups of four, as the apps show it for typing in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ConfirmEnrolment({ enrolment, onCodes, onRestart }: { enrolment: TwoFactorEnrolment; onCodes: (issued: Issued) => void; onRestart: () => void }) {
  const confirm = useConfirmEnrolment();
  const [result, setResult] = useState<Result>(null);
  const { register, handleSubmit, setValue, setFocus } = useForm({ defaultValues: { code: '' }, resolver: zodResolver(twoFactorConfirmRequest) });
  const codeId = useId();
  const hintId = useId();
  // The SVG comes from our server (qrcode: paths only), shown as an image, never as markup.
  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;

  async function onSubmit({ code }: { code: string }) {
    setResult(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync(code);
      onCodes({ codes: recoveryCodes, message: twoFactorMessages.enabled });
    } catch (err) {
      setResult({ ok: false, text: failureText(err) });
      setValue('code', '');
      setFocus('code');
    }
  }

  return (
    <div className="admin-section">
      <h2>인증 앱 등록</h2>
      <ol className="two-factor-steps">
        <li>
          <p>휴대폰 인증 앱에서 계정 추가를 누르고 아래 QR 코드를 찍습니다.</p>
          <img className="two-factor-qr" src={qrSource} width={200} height={200} alt="인증 앱에 등록할 QR 코드. 찍을 수 없으면 아래 설정 키를 입력하세요." />
        </li>
        <li>
          <p>QR 코드를 찍을 수 없으면 &lsquo;설정 키 입력&rsquo;을 골라 이 키를 입력합니다(시간 기준).</p>
          <p className="two-factor-key">
            <span className="two-factor-key__label">설정 키</span> <code>{grouped(enrolment.secret)}</code>
          </p>
        </li>
        <li>
          <form className="admin-inline-form two-factor-form" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate aria-label="인증 코드 확인">
            <Field id={codeId} label="앱에 표시된 6자리 인증 코드">
              {(control) => (
                <input
                  {...control}
                  {...register('code')}
                  aria-describedby={describedBy(control['aria-describedby'], hintId)}
                  className="form-input two-factor-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                />
              )}
            </Field>
            <button type="submit" className="button button--primary" disabled={confirm.isPending}>
              {confirm.isPending ? '확인 중…' : '확인'}
            </button>
          </form>
          <p id={hintId} className="admin-note">
            코드는 30초마다 바뀝니다. 확인되면 이 브라우저 말고 다른 곳의 로그인은 모두 끝납니다.
          </p>
        </li>
      </ol>
      <SaveResult result={result} />
      <div className="admin-actions">
        <button type="button" className="button" onClick={onRestart}>
          처음부터 다시
        </button>
      </div>
    </div>
  );
}

function Enabled({ status, onCodes, onDisabled }: { status: TwoFactorStatus; onCodes: (issued: Issued) => void; onDisabled: () => void }) {
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  return (
    <>
      <div className="admin-section">
        <h2>사용 중</h2>
        <dl className="admin-facts">
          <dt>설정한 때</dt>
          <dd>{status.enabledAt ? `${status.enabledAt.slice(0, 10)} ${status.enabledAt.slice(11, 16)}` : '-'}</dd>
          <dt>남은 복구 코드</dt>
          <dd>{status.recoveryCodesLeft}개</dd>
        </dl>
      </div>
      <div className="admin-section">
        <h2>복구 코드 새로 만들기</h2>
        <p>휴대폰을 잃어버렸을 때 인증 코드 대신 한 번씩 쓰는 코드입니다. 새로 만들면 이전 코드는 모두 쓸 수 없습니다.</p>
        <FactorForm
          submitLabel="복구 코드 새로 만들기"
          pending={renew.isPending}
          onSubmit={async (request) => {
            const { recoveryCodes } = await renew.mutateAsync(request);
            onCodes({ codes: recoveryCodes, message: twoFactorMessages.recoveryCodesRenewed });
          }}
        />
      </div>
      <div className="admin-section">
        <h2>2단계 인증 해제</h2>
        {status.required ? (
          <p>{twoFactorMessages.requiredCannotDisable}</p>
        ) : (
          <FactorForm
            submitLabel="2단계 인증 해제"
            pending={disable.isPending}
            onSubmit={async (request) => {
              await disable.mutateAsync(request);
              onDisabled();
            }}
          />
        )}
      </div>
    </>
  );
}

/**
 * A refusal about the code (rather than the password: its answer names the field `code`, as a
 * wrong code's INVALID_OTP does): the code is typed again, the password kept.
 */
const isCodeRefusal = (err: unknown) => refusedField(err) === 'code';

/**
 * The password and a current code of the factor, asked before the factor itself changes: whoever
 * holds only a signed-in session and the password cannot take it away or read new recovery codes.
 * A refusal is said in this form's section, on the field it is about, which takes the focus: a
 * wrong code is typed again with the password kept.
 */
function FactorForm({ submitLabel, pending, onSubmit }: { submitLabel: string; pending: boolean; onSubmit: (request: TwoFactorChangeRequest) => Promise<void> }) {
  const [refusal, setRefusal] = useState('');
  const { register, handleSubmit, control, setValue, setError, reset, formState } = useForm({
    defaultValues: { password: '', code: '' },
    // The contract's body (the code trimmed); the button waits for both fields, so the rules are the server's to refuse.
    resolver: zodResolver(twoFactorChangeRequest),
  });
  const [password, code] = useWatch({ control, name: ['password', 'code'] });
  const errors = formState.errors;
  const passwordId = useId();
  const codeId = useId();

  async function submit(request: TwoFactorChangeRequest) {
    setRefusal('');
    try {
      await onSubmit(request);
      reset();
    } catch (err) {
      const text = failureText(err);
      const aboutCode = isCodeRefusal(err);
      setRefusal(text);
      setValue('code', '');
      if (!aboutCode) setValue('password', '');
      setError(aboutCode ? 'code' : 'password', { type: 'server', message: text }, { shouldFocus: true });
    }
  }

  return (
    <form className="admin-inline-form two-factor-form" aria-label={submitLabel} noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Field id={passwordId} label="현재 비밀번호" error={errors.password?.message}>
        {(control) => <input {...control} {...register('password')} className="form-input" type="password" autoComplete="current-password" required />}
      </Field>
      <Field id={codeId} label="인증 코드 또는 복구 코드" error={errors.code?.message} hint={CHANGE_CODE_HINT}>
        {(control) => (
          <input
            {...control}
            {...register('code')}
            className="form-input two-factor-change-code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            required
          />
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={pending || password === '' || code.trim() === ''}>
        {pending ? '처리 중…' : submitLabel}
      </button>
      {/* A live region present before it fills, so the refusal is announced. */}
      <div role="alert" className="two-factor-form__hint">
        {refusal && <p className="form-message form-message--error">{refusal}</p>}
      </div>
    </form>
  );
}

function PasswordForm({ submitLabel, pending, onSubmit }: { submitLabel: string; pending: boolean; onSubmit: (password: string) => Promise<void> }) {
  const { register, handleSubmit, control, reset } = useForm({ defaultValues: { password: '' }, resolver: zodResolver(twoFactorPasswordRequest) });
  const password = useWatch({ control, name: 'password' });
  const id = useId();
  return (
    <form
      className="admin-inline-form two-factor-form"
      aria-label={submitLabel}
      noValidate
      onSubmit={(event) =>
        void handleSubmit(async (values) => {
          await onSubmit(values.password);
          reset();
        })(event)
      }
    >
      <Field id={id} label="현재 비밀번호">
        {(control) => <input {...control} {...register('password')} className="form-input" type="password" autoComplete="current-password" required />}
      </Field>
      <button type="submit" className="button button--primary" disabled={pending || password === ''}>
        {pending ? '처리 중…' : submitLabel}
      </button>
    </form>
  );
}

/** Shown once: the administrator copies or prints them before leaving. */
function RecoveryCodes({ issued, onDone }: { issued: Issued; onDone: () => void }) {
  const { codes } = issued;
  const [copied, setCopied] = useState(false);
  return (
    <div className="admin-section">
      <h2>복구 코드</h2>
      <p role="status" className="form-message form-message--success">
        {issued.message}
      </p>
      <p>이 화면을 떠나면 다시 볼 수 없습니다. 인쇄하거나 안전한 곳에 옮겨 두세요. 코드마다 한 번만 쓸 수 있습니다.</p>
      <ol className="two-factor-codes" aria-label="복구 코드 10개">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          복사
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          인쇄
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          보관했습니다
        </button>
      </div>
      <p role="status" className="admin-note">
        {copied ? '복구 코드를 복사했습니다.' : ''}
      </p>
    </div>
  );
}
