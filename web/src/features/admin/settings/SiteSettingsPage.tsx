import { useState, type ReactNode } from 'react';
import { authTypes, siteSettingMessages, type AdminSiteSetting, type AuthType, type SiteInfo } from '@contract';
import { refusedField } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { useAdminSiteSetting, useSaveSiteSetting } from './api';
import { fromDraft, toDraft, type ProfileDraft } from './profile-draft';
import { ProfileFieldsEditor } from './ProfileFieldsEditor';
import { SignupPreview } from './SignupPreview';
import '@web/ui/form/forms.css';
import './settings.css';

const authTypeLabels: Record<AuthType, string> = {
  IdAndPassword: '아이디와 비밀번호',
  EmailAndPassword: '이메일과 비밀번호',
  MobileAndPassword: '휴대폰 번호와 비밀번호',
};

type Facts = Omit<SiteInfo, 'authType' | 'useCapcha' | 'roleCodeForGuest' | 'userProfiles'>;
interface Draft {
  authType: AuthType;
  useCapcha: boolean;
  roleCodeForGuest: string;
  facts: Facts;
  profiles: ProfileDraft[];
}

function toDraftSettings({ authType, useCapcha, roleCodeForGuest, userProfiles, ...facts }: SiteInfo): Draft {
  return { authType, useCapcha, roleCodeForGuest, facts, profiles: userProfiles.map(toDraft) };
}

/** 사이트 설정 (issue 9, system admin): sign-in, CAPTCHA, guest role, site facts and the sign-up fields. */
export function Component() {
  useDocumentTitle('사이트 설정');
  const query = useAdminSiteSetting();
  return (
    <section className="admin-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">사이트 설정</h1>
      {query.data ? (
        <SettingsForm loaded={query.data} />
      ) : (
        <QueryState query={query} label="사이트 설정" />
      )}
    </section>
  );
}

function SettingsForm({ loaded }: { loaded: AdminSiteSetting }) {
  const [draft, setDraft] = useState(() => toDraftSettings(loaded.settings));
  const [twoFactorRequired, setTwoFactorRequired] = useState(loaded.adminTwoFactorRequired);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // A refusal about one field is also shown under that field, which is marked and takes the focus
  // (the form is long: the message under the button is far from an emptied site name).
  const [fieldError, setFieldError] = useState<{ id: string; text: string } | null>(null);
  const save = useSaveSiteSetting();
  const setFact = (key: keyof Omit<Facts, 'privacyOfficer'>, value: string) => setDraft((d) => ({ ...d, facts: { ...d.facts, [key]: value } }));
  const setOfficer = (key: keyof Facts['privacyOfficer'], value: string) =>
    setDraft((d) => ({ ...d, facts: { ...d.facts, privacyOfficer: { ...d.facts.privacyOfficer, [key]: value } } }));
  const profiles = draft.profiles.map(fromDraft);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    setFieldError(null);
    try {
      await save.mutateAsync({
        authType: draft.authType,
        useCapcha: draft.useCapcha,
        roleCodeForGuest: draft.roleCodeForGuest,
        userProfiles: profiles,
        ...draft.facts,
        // Sent only when changed: switching it on is refused to an administrator without a second factor.
        ...(twoFactorRequired !== loaded.adminTwoFactorRequired ? { adminTwoFactorRequired: twoFactorRequired } : {}),
      });
      setResult({ ok: true, text: siteSettingMessages.saved });
    } catch (err) {
      const text = err instanceof Error ? err.message : '저장하지 못했습니다.';
      setResult({ ok: false, text });
      const id = fieldOfRefusal(refusedField(err));
      if (id) {
        setFieldError({ id, text });
        document.getElementById(id)?.focus();
      }
    }
  }

  const fact = (key: keyof Omit<Facts, 'privacyOfficer'>, label: string, type = 'text') => {
    const id = `setting-${key}`;
    return <TextField id={id} label={label} type={type} value={draft.facts[key]} onChange={(v) => setFact(key, v)} error={fieldError?.id === id ? fieldError.text : undefined} />;
  };
  const officer = (key: keyof Facts['privacyOfficer'], label: string, type = 'text') => {
    const id = `setting-officer-${key}`;
    return <TextField id={id} label={label} type={type} value={draft.facts.privacyOfficer[key]} onChange={(v) => setOfficer(key, v)} error={fieldError?.id === id ? fieldError.text : undefined} />;
  };

  return (
    <form className="settings-form" onSubmit={onSubmit} aria-label="사이트 설정" noValidate>
      <fieldset className="admin-section">
        <legend>로그인 방식</legend>
        <p className="admin-note">회원이 로그인할 때 쓰는 아이디입니다. 바꾸면 다음 로그인부터 적용되고, 시스템 관리자는 계속 아이디로 로그인합니다.</p>
        <div className="admin-choices">
          {authTypes.map((type) => (
            <label key={type} className="form-check" htmlFor={`setting-auth-${type}`}>
              <input
                id={`setting-auth-${type}`}
                type="radio"
                name="authType"
                value={type}
                checked={draft.authType === type}
                onChange={() => setDraft((d) => ({ ...d, authType: type }))}
              />
              <span>{authTypeLabels[type]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="admin-section">
        <legend>자동입력 방지</legend>
        <label className="form-check" htmlFor="setting-captcha">
          <input id="setting-captcha" type="checkbox" checked={draft.useCapcha} onChange={(e) => setDraft((d) => ({ ...d, useCapcha: e.target.checked }))} />
          <span>로그인, 회원가입, 비회원 문의에 자동입력 방지 문자를 씁니다.</span>
        </label>
      </fieldset>

      <fieldset className="admin-section">
        <legend>관리자 2단계 인증</legend>
        <label className="form-check" htmlFor="setting-admin-two-factor">
          <input id="setting-admin-two-factor" type="checkbox" checked={twoFactorRequired} onChange={(e) => setTwoFactorRequired(e.target.checked)} />
          <span>관리자 권한(ADMIN_Access)이 있는 모든 계정이 인증 앱 코드로 로그인하게 합니다.</span>
        </label>
        <p className="admin-note">켜면 인증 앱을 등록하지 않은 관리자는 등록을 마칠 때까지 관리자 기능을 쓸 수 없습니다. 먼저 본인의 2단계 인증을 설정해야 켤 수 있습니다.</p>
      </fieldset>

      <fieldset className="admin-section">
        <legend>손님 권한</legend>
        <div className="admin-field">
          <label htmlFor="setting-guest-role">로그인하지 않은 방문자의 권한</label>
          <select
            id="setting-guest-role"
            className="form-input form-select"
            value={draft.roleCodeForGuest}
            onChange={(e) => setDraft((d) => ({ ...d, roleCodeForGuest: e.target.value }))}
          >
            {loaded.roles.map((role) => (
              <option key={role.roleCode} value={role.roleCode} disabled={role.admin}>
                {role.name} ({role.roleCode}){role.admin ? ' - 관리자 권한이라 고를 수 없음' : ''}
              </option>
            ))}
          </select>
        </div>
      </fieldset>

      <fieldset className="admin-section">
        <legend>사이트 정보</legend>
        <div className="admin-grid">
          {fact('siteName', '사이트 이름')}
          {fact('siteNameEn', '영문 이름')}
          {fact('operator', '운영 기관')}
          {fact('address', '주소')}
          {fact('phone', '대표전화', 'tel')}
          {fact('fax', '팩스', 'tel')}
          {fact('email', '대표 이메일', 'email')}
          {fact('businessHours', '운영시간')}
          {fact('registSiteUrl', '환자등록시스템 주소', 'url')}
        </div>
        <fieldset className="admin-subsection">
          <legend>개인정보 보호책임자</legend>
          <div className="admin-grid">
            {officer('name', '이름')}
            {officer('position', '직위')}
            {officer('phone', '전화', 'tel')}
            {officer('email', '이메일', 'email')}
          </div>
        </fieldset>
      </fieldset>

      <fieldset className="admin-section">
        <legend>회원가입 추가 항목</legend>
        <div className="settings-profiles">
          <ProfileFieldsEditor items={draft.profiles} onChange={(items) => setDraft((d) => ({ ...d, profiles: items }))} />
          <SignupPreview fields={profiles} />
        </div>
      </fieldset>

      <div className="admin-actions admin-actions--end">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : '설정 저장'}
        </button>
      </div>
      <SaveResult result={result} />
    </form>
  );
}

function TextField(props: { id: string; label: ReactNode; value: string; onChange: (v: string) => void; type?: string; error?: string }) {
  const { id, label, value, onChange, type = 'text', error } = props;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="form-input" type={type} value={value} aria-invalid={Boolean(error)} aria-describedby={errorId} onChange={(e) => onChange(e.target.value)} />
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The site facts this form shows as text fields (`setting-{key}`), and the privacy officer's (`setting-officer-{key}`). */
const factFields: readonly string[] = ['siteName', 'siteNameEn', 'operator', 'address', 'phone', 'fax', 'email', 'businessHours', 'registSiteUrl'] satisfies (keyof Facts)[];
const officerFields: readonly string[] = ['name', 'position', 'phone', 'email'] satisfies (keyof Facts['privacyOfficer'])[];

/**
 * The element of the field a refusal names (the answer's `field`, e.g. `siteName` or
 * `privacyOfficer.email`) when it is one of this form's text fields; null for the form as a whole.
 */
function fieldOfRefusal(field: string | null): string | null {
  const [head, sub] = field?.split('.') ?? [];
  if (head === 'privacyOfficer') return sub && officerFields.includes(sub) ? `setting-officer-${sub}` : null;
  return head && factFields.includes(head) ? `setting-${head}` : null;
}
