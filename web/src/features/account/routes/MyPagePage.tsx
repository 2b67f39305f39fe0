import { useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SiteAuthentication, UserDetail } from '@contract';
import { useSiteInfo } from '@web/lib/site-info';
import { PasswordStrength } from '../components/PasswordStrength';
import { accountMessages, memberActivityLabels, memberActivityTypes, paths, type MemberActivityType } from '@contract';
import { alertAndCarry } from '@web/lib/carried-notice';
import { refusedField } from '@web/lib/api';
import { getSessionStore } from '@web/lib/session';
import { useSession } from '@web/lib/use-session';
import { useChangePassword } from '../api/change-password';
import { useChangeUserKey } from '../api/change-user-key';
import { clearMemberDrafts } from '@web/lib/member-storage';
import { useSiteAuthentication } from '../api/get-site-authentication';
import { useUser } from '../api/get-user';
import { useRetire } from '../api/retire';
import { useUpdateUser } from '../api/update-user';
import type { ReturnState } from '../account-paths';
import { AccountPage, WithAuthentication } from '../components/AccountPage';
import { ACTIVITY_PAGE_PARAM, ActivityList } from '../components/ActivityList';
import { ErrorSummary } from '../components/ErrorSummary';
import { Field } from '@web/ui/form/Field';
import { FormMessage, type Notice } from '../components/FormMessage';
import { fieldDomId, focusField, issuesResolver, reportIssues } from '../components/form-helpers';
import { ProfileFields } from '@web/ui/form/ProfileFields';
import { PendingButton } from '../components/SubmitButton';
import { usePincodeVerification } from '../components/use-pincode-verification';
import { formatJoinDate } from '../format';
import { uiMessages, verifiedKeyLabels } from '../messages';
import {
  passwordChangeIssues,
  profileEditIssues,
  profileFormValues,
  profilePayload,
  verifiedKeyMessage,
  type Issue,
  type PasswordChangeValues,
  type ProfileEditValues,
} from '../validation';
import { useFieldValidation, manualValidation } from '../components/use-field-validation';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Dialog, DialogActions } from '@web/ui/Dialog';
import { Tabs, type TabItem } from '@web/ui/Tabs';
import { tabOrFirst } from '@web/ui/tab-keys';
import '@web/ui/form/forms.css';
import '../account.css';

const TITLE = '마이페이지';

/** Account/MyPage: the member's own profile, password, e-mail or mobile number, and leaving. */
export function Component() {
  const session = useSession();
  const location = useLocation();
  const [retired, setRetired] = useState(false);
  if (!session.signedIn) {
    if (retired) {
      return (
        <AccountPage title={TITLE}>
          <p role="status">{accountMessages.retired}</p>
        </AccountPage>
      );
    }
    // Members only: a guest signs in first and comes back here.
    return <Navigate to={paths.signin} replace state={{ from: `${location.pathname}${location.search}` } satisfies ReturnState} />;
  }
  return <MyPage userId={session.user.id} onRetired={() => setRetired(true)} />;
}

/** The tabs of My page, in order; the first is the one a plain link opens. */
type MyPageTab = 'profile' | MemberActivityType | 'password' | 'email' | 'mobile' | 'retire';
/** The search parameter that names the open tab: `?tab=password`. */
const TAB_PARAM = 'tab';

function MyPage({ userId, onRetired }: { userId: number; onRetired: () => void }) {
  const settings = useSiteAuthentication();
  const user = useUser(userId);
  const [search, setSearch] = useSearchParams();
  const requested = search.get(TAB_PARAM);
  const tabs = settings.data && user.data ? myPageTabs(settings.data, user.data, onRetired, requested) : null;
  const selected = tabs ? tabOrFirst(tabs.map((tab) => tab.id), requested) : undefined;
  const selectedLabel = tabs?.find((tab) => tab.id === selected)?.label;

  const select = (id: string) => {
    // `replace`, not a new history entry per tab: the arrow keys select as they move (automatic
    // activation), so pushing would make Back step through every tab passed on the way. The tabs
    // are views of one screen; Back leaves the screen, while a link or a reload still opens the tab.
    // The first tab is the plain address. The focus stays on the tab (Layout moves it only when the
    // path changes) and so does the scroll position.
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === tabs?.[0]?.id) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, id);
        // An activity tab's page belongs to that tab: another tab opens on its first page.
        next.delete(ACTIVITY_PAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    // The <title> names the open tab too: a reload, a bookmark or a shared link lands on that tab.
    <AccountPage title={TITLE} documentTitle={selectedLabel ? `${selectedLabel} - ${TITLE}` : TITLE} lead="회원 정보를 확인하고 변경할 수 있습니다." wide>
      <WithAuthentication query={settings}>
        {() =>
          tabs && selected ? (
            <Tabs label="마이페이지 메뉴" tabs={tabs} selected={selected} onChange={select} />
          ) : user.isError ? (
            <div className="form-message form-message--error account-retry" role="alert">
              <p>{uiMessages.userLoadFailed}</p>
              <button type="button" className="button" onClick={() => void user.refetch()}>
                다시 시도
              </button>
            </div>
          ) : (
            <LoadingStatus />
          )
        }
      </WithAuthentication>
    </AccountPage>
  );
}

/**
 * One tab per form. Each form lives whole in its own panel (its fields, error summary, pincode
 * step and messages), so whatever a submit reports and focuses is in the panel on screen.
 */
function myPageTabs(auth: SiteAuthentication, user: UserDetail, onRetired: () => void, requested: string | null): (TabItem & { id: MyPageTab })[] {
  const showMobile = auth.verifiedKeyTypes.includes('MOBILE') || !!user.mobile;
  // The member's own posts, comments and inquiries (issue 23), each read when its tab is open.
  const activity = memberActivityTypes.map((type) => ({
    id: type,
    label: memberActivityLabels[type].tab,
    panel: (
      <Section id={`mypage-${type}`} title={memberActivityLabels[type].tab}>
        <ActivityList userId={user.id} type={type} active={requested === type} />
      </Section>
    ),
  }));
  return [
    { id: 'profile', label: '회원 정보', panel: <ProfileSection auth={auth} user={user} /> },
    ...activity,
    { id: 'password', label: '비밀번호 변경', panel: <PasswordSection userId={user.id} identity={[user.userKeyCode, user.email]} /> },
    { id: 'email', label: verifiedKeyLabels.EMAIL, panel: <KeySection auth={auth} user={user} keyType="EMAIL" /> },
    ...(showMobile ? [{ id: 'mobile' as const, label: verifiedKeyLabels.MOBILE, panel: <KeySection auth={auth} user={user} keyType="MOBILE" /> }] : []),
    { id: 'retire', label: '회원 탈퇴', panel: <RetireSection onRetired={onRetired} /> },
  ];
}

/**
 * A panel's content. Its heading is for screen readers only (as in KRDS's tab contents): the tab
 * above already shows the name, and the heading keeps the h1 > h2 outline and names the form.
 */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="account-box mypage__panel">
      <h2 className="visually-hidden" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </div>
  );
}

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : accountMessages.keyTokenInvalid);

function ProfileSection({ auth, user }: { auth: SiteAuthentication; user: UserDetail }) {
  const formId = 'mypage-profile';
  const update = useUpdateUser(user.id);
  const [summary, setSummary] = useState<Issue[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const issuesOf = (values: ProfileEditValues) => profileEditIssues(values, auth.userProfiles);
  const form = useForm<ProfileEditValues>({
    defaultValues: { name: user.name, profile: profileFormValues(auth.userProfiles, user.profile) },
    ...manualValidation,
    resolver: issuesResolver(issuesOf),
  });
  const { handleSubmit, formState, getValues } = form;
  const field = useFieldValidation(form, issuesOf);
  const errors = formState.errors;

  const onValid = async (values: ProfileEditValues) => {
    setSummary([]);
    setNotice(null);
    try {
      const name = values.name.trim();
      await update.mutateAsync({ name, profile: profilePayload(auth.userProfiles, values.profile, { keepEmpty: true }) });
      // The header greets the member by the stored name.
      getSessionStore().updateUser({ name });
      setNotice({ tone: 'success', text: uiMessages.profileSaved });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    }
  };

  return (
    <Section id={formId} title="회원 정보">
      <dl className="mypage__facts">
        <div>
          <dt>{auth.signinKeyType === 'ID' ? '아이디' : auth.signinKeyType === 'EMAIL' ? '아이디(이메일)' : '아이디(휴대폰 번호)'}</dt>
          <dd>{user.userKeyCode}</dd>
        </div>
        <div>
          <dt>가입일</dt>
          <dd>
            <time dateTime={user.createdDate}>{formatJoinDate(user.createdDate)}</time>
          </dd>
        </div>
      </dl>
      <form
        className="account-form"
        id={formId}
        noValidate
        aria-labelledby={`${formId}-title`}
        onSubmit={handleSubmit(onValid, () => reportIssues(formId, issuesOf(getValues()), setSummary))}
      >
        <ErrorSummary formId={formId} issues={summary} errors={formState.errors} />
        <Field id={fieldDomId(formId, 'name')} label="이름" required error={errors.name?.message} hint="한글 1~4자">
          {(control) => <input {...control} {...field('name')} className="form-input" type="text" autoComplete="name" maxLength={4} />}
        </Field>
        <ProfileFields
          formId={formId}
          fields={auth.userProfiles}
          register={(name, choice) => field(name as FieldPath<ProfileEditValues>, { choice })}
          errorOf={(name) => errors.profile?.[name.slice('profile.'.length)]?.message}
        />
        <FormMessage notice={notice} />
        <PendingButton type="submit" pending={update.isPending} className="button button--primary">
          회원 정보 저장
        </PendingButton>
      </form>
    </Section>
  );
}

function PasswordSection({ userId, identity }: { userId: number; identity: (string | null)[] }) {
  const formId = 'mypage-password';
  const site = useSiteInfo().data;
  const change = useChangePassword(userId);
  const [summary, setSummary] = useState<Issue[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<PasswordChangeValues>({
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '' },
    ...manualValidation,
    resolver: issuesResolver(passwordChangeIssues),
  });
  const { handleSubmit, formState, getValues, reset, control } = form;
  const field = useFieldValidation(form, passwordChangeIssues);
  const password = useWatch({ control, name: 'password' });
  const errors = formState.errors;

  const onValid = async (values: PasswordChangeValues) => {
    setSummary([]);
    setNotice(null);
    try {
      await change.mutateAsync(values);
      reset();
      // The server ends every sign-in of the member with the old password, this one included:
      // the member signs in again with the new one (and comes back here).
      alertAndCarry(uiMessages.passwordChanged, [paths.signin], 'success');
      getSessionStore().signOut();
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
      focusField(formId, 'currentPassword');
    }
  };

  return (
    <Section id={formId} title="비밀번호 변경">
      <form
        className="account-form"
        id={formId}
        noValidate
        aria-labelledby={`${formId}-title`}
        onSubmit={handleSubmit(onValid, () => reportIssues(formId, passwordChangeIssues(getValues()), setSummary))}
      >
        <ErrorSummary formId={formId} issues={summary} errors={formState.errors} />
        <Field id={fieldDomId(formId, 'currentPassword')} label="현재 비밀번호" required error={errors.currentPassword?.message}>
          {(control) => <input {...control} {...field('currentPassword')} className="form-input" type="password" autoComplete="current-password" />}
        </Field>
        <Field
          id={fieldDomId(formId, 'password')}
          label="새 비밀번호"
          required
          error={errors.password?.message}
          hint={accountMessages.passwordFormat}
          below={<PasswordStrength id={`${fieldDomId(formId, 'password')}-strength`} password={password} identity={identity} site={site} />}
        >
          {(control) => <input {...control} {...field('password')} className="form-input" type="password" autoComplete="new-password" maxLength={16} />}
        </Field>
        <Field id={fieldDomId(formId, 'passwordConfirm')} label="새 비밀번호 확인" required error={errors.passwordConfirm?.message}>
          {(control) => <input {...control} {...field('passwordConfirm')} className="form-input" type="password" autoComplete="new-password" maxLength={16} />}
        </Field>
        <FormMessage notice={notice} />
        <PendingButton type="submit" pending={change.isPending} className="button button--primary">
          비밀번호 변경
        </PendingButton>
      </form>
    </Section>
  );
}

interface KeyChangeValues {
  value: string;
  currentPassword: string;
}

function KeySection({ auth, user, keyType }: { auth: SiteAuthentication; user: UserDetail; keyType: 'EMAIL' | 'MOBILE' }) {
  const formId = `mypage-${keyType.toLowerCase()}`;
  const label = verifiedKeyLabels[keyType];
  const change = useChangeUserKey(user.id);
  const [token, setToken] = useState<{ value: string; forValue: string } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const issuesOf = ({ value, currentPassword }: KeyChangeValues): Issue[] => {
    const message = verifiedKeyMessage(keyType, value);
    return [
      ...(message ? [{ name: 'value', message }] : []),
      ...(currentPassword ? [] : [{ name: 'currentPassword', message: uiMessages.currentPasswordRequired }]),
    ];
  };
  const form = useForm<KeyChangeValues>({ defaultValues: { value: '', currentPassword: '' }, ...manualValidation, resolver: issuesResolver(issuesOf) });
  const { handleSubmit, formState, trigger, control, reset } = form;
  const field = useFieldValidation(form, issuesOf);
  const value = useWatch({ control, name: 'value' });
  const confirmed = token && token.forValue === value.trim() ? token.value : null;
  const current = keyType === 'EMAIL' ? user.email : user.mobile;

  const verification = usePincodeVerification({
    idPrefix: fieldDomId(formId, 'value'),
    keyType,
    purpose: 'CHANGE_KEY',
    value,
    validateValue: () => trigger('value'),
    checkAvailability: true,
    verified: confirmed !== null,
    onVerified: (userKeyToken, forValue) => setToken({ value: userKeyToken, forValue }),
    anonymous: false,
    focusValue: () => focusField(formId, 'value'),
  });

  const onValid = async ({ value, currentPassword }: KeyChangeValues) => {
    setNotice(null);
    if (!confirmed) {
      const text = keyType === 'EMAIL' ? accountMessages.emailTokenMissing : accountMessages.mobileTokenMissing;
      window.alert(text);
      setNotice({ tone: 'error', text });
      focusField(formId, 'value');
      return;
    }
    try {
      const userKeyCode = value.trim();
      await change.mutateAsync({ userKeyType: keyType, userKeyCode, userKeyToken: confirmed, currentPassword });
      if (auth.signinKeyType === keyType) getSessionStore().updateUser({ userKeyCode });
      reset();
      setToken(null);
      setNotice({ tone: 'success', text: uiMessages.keyChanged(label) });
    } catch (err) {
      const text = errorText(err);
      setNotice({ tone: 'error', text });
      if (refusedField(err) === 'currentPassword') focusField(formId, 'currentPassword');
    }
  };

  return (
    <Section id={formId} title={`${label} 변경`}>
      <p>
        현재 {label}: <strong>{current ?? '등록되지 않음'}</strong>
        {auth.signinKeyType === keyType && <span className="mypage__note"> (로그인 아이디로 사용 중)</span>}
      </p>
      <form className="account-form" id={formId} noValidate aria-labelledby={`${formId}-title`} onSubmit={handleSubmit(onValid, (errors) => focusField(formId, errors.value ? 'value' : 'currentPassword'))}>
        <Field
          id={fieldDomId(formId, 'value')}
          label={`새 ${label}`}
          required
          error={formState.errors.value?.message}
          hint={keyType === 'MOBILE' ? '예: 010-1234-5678. 인증번호를 받아 인증해주세요.' : '인증번호를 받아 인증해주세요.'}
          actions={verification.sendButton}
          below={verification.step}
        >
          {(control) =>
            keyType === 'EMAIL' ? (
              <input {...control} {...field('value')} className="form-input" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
            ) : (
              <input {...control} {...field('value')} className="form-input" type="tel" inputMode="tel" autoComplete="tel" />
            )
          }
        </Field>
        <Field id={fieldDomId(formId, 'currentPassword')} label="현재 비밀번호" required error={formState.errors.currentPassword?.message} hint="본인 확인을 위해 비밀번호를 한 번 더 입력해주세요.">
          {(control) => <input {...control} {...field('currentPassword')} className="form-input" type="password" autoComplete="current-password" />}
        </Field>
        <FormMessage notice={notice} />
        <PendingButton type="submit" pending={change.isPending} className="button button--primary">
          {label} 변경
        </PendingButton>
      </form>
    </Section>
  );
}

interface RetireValues {
  password: string;
  reason: string;
}

/**
 * 회원 탈퇴: the password (and an optional reason) first, then a modal dialog asks once more (the
 * safe 취소 takes the focus, Escape closes it and the focus goes back to the 회원 탈퇴 button).
 */
function RetireSection({ onRetired }: { onRetired: () => void }) {
  const formId = 'mypage-retire';
  const navigate = useNavigate();
  const retire = useRetire();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [asking, setAsking] = useState<RetireValues | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes when the dialog closes: back to its button, or to the refused password.
  const focusAfterClose = useRef<'button' | 'password' | 'none'>('button');
  const issuesOf = ({ password }: RetireValues): Issue[] => (password ? [] : [{ name: 'password', message: uiMessages.required('비밀번호') }]);
  const form = useForm<RetireValues>({ defaultValues: { password: '', reason: '' }, ...manualValidation, resolver: issuesResolver(issuesOf) });
  const { handleSubmit, formState } = form;
  const field = useFieldValidation(form, issuesOf);

  const closed = () => {
    setAsking(null);
    if (focusAfterClose.current === 'button') submitButton.current?.focus();
    if (focusAfterClose.current === 'password') focusField(formId, 'password');
    focusAfterClose.current = 'button';
  };

  const confirm = async () => {
    if (!asking || retire.isPending) return;
    const { password, reason } = asking;
    try {
      await retire.mutateAsync({ password, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
      focusAfterClose.current = 'password';
      setAsking(null);
      return;
    }
    focusAfterClose.current = 'none';
    setAsking(null);
    alertAndCarry(accountMessages.retired, [paths.home]);
    // The server has ended the membership and its tokens: only the local session is left to clear,
    // and the drafts of a member who no longer exists.
    onRetired();
    const retired = getSessionStore().getSnapshot();
    if (retired.signedIn) clearMemberDrafts(window.localStorage, retired.user.id);
    getSessionStore().signOut();
    await navigate(paths.home, { replace: true });
  };

  return (
    <Section id={formId} title="회원 탈퇴">
      <p>탈퇴하면 같은 계정으로 다시 로그인할 수 없으며 되돌릴 수 없습니다.</p>
      <form
        className="account-form"
        id={formId}
        noValidate
        aria-labelledby={`${formId}-title`}
        onSubmit={handleSubmit(
          (values) => {
            setNotice(null);
            setAsking(values);
          },
          () => focusField(formId, 'password'),
        )}
      >
        <Field id={fieldDomId(formId, 'password')} label="비밀번호 확인" required error={formState.errors.password?.message}>
          {(control) => <input {...control} {...field('password')} className="form-input" type="password" autoComplete="current-password" />}
        </Field>
        <Field id={fieldDomId(formId, 'reason')} label="탈퇴 사유 (선택)" hint="500자 이내">
          {(control) => <textarea {...control} {...field('reason')} className="form-input form-textarea" rows={3} maxLength={500} />}
        </Field>
        <FormMessage notice={notice} />
        <button ref={submitButton} type="submit" className="button button--danger" aria-haspopup="dialog">
          회원 탈퇴
        </button>
      </form>
      <Dialog open={asking !== null} title="회원 탈퇴" describedBy={`${formId}-confirm`} width="narrow" onClose={closed}>
        <p id={`${formId}-confirm`}>{uiMessages.retireConfirm}</p>
        <DialogActions onCancel={closed} busy={retire.isPending} actionLabel="탈퇴하기" busyLabel={uiMessages.pending} danger onAction={() => void confirm()} />
      </Dialog>
    </Section>
  );
}
