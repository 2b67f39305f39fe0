import { useState } from 'react';
import { Controller, get, useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
// zod's configuration (Korean messages; jitless under the CSP) before this form's schema is built.
import '@contract/zod-ko';
import { z } from 'zod';
import { authTypes, siteSettingMessages, siteSettingPatch, type AdminSiteSetting, type AuthType, type SiteInfo } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Field } from '@web/ui/form/Field';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { failureText, showRefusalAtField } from '../shared/contract-form';
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
/** The form: the settings as `PATCH /api/site-setting` takes them, the sign-up fields as the editor holds them. */
type SettingsValues = Omit<SiteInfo, 'userProfiles'> & { adminTwoFactorRequired: boolean; userProfiles: ProfileDraft[] };

/** The contract's rules for the body; the sign-up fields are checked by the server, which names the one at fault. */
const settingsSchema = siteSettingPatch.omit({ userProfiles: true }).required().extend({ userProfiles: z.array(z.custom<ProfileDraft>()) });

function toValues({ settings, adminTwoFactorRequired }: AdminSiteSetting): SettingsValues {
  return { ...settings, adminTwoFactorRequired, userProfiles: settings.userProfiles.map(toDraft) };
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
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveSiteSetting();
  const { register, control, handleSubmit, setError, formState } = useForm<SettingsValues>({
    defaultValues: toValues(loaded),
    // The values go as typed (the server trims and says what is missing); the contract's limits are checked first.
    resolver: zodResolver(settingsSchema, undefined, { raw: true }),
  });
  const errors = formState.errors;
  const drafts = useWatch({ control, name: 'userProfiles' });
  const profiles = drafts.map(fromDraft);

  async function onValid({ userProfiles, adminTwoFactorRequired, ...settings }: SettingsValues) {
    setResult(null);
    try {
      await save.mutateAsync({
        ...settings,
        userProfiles: userProfiles.map(fromDraft),
        // Sent only when changed: switching it on is refused to an administrator without a second factor.
        ...(adminTwoFactorRequired !== loaded.adminTwoFactorRequired ? { adminTwoFactorRequired } : {}),
      });
      setResult({ ok: true, text: siteSettingMessages.saved });
    } catch (err) {
      setResult({ ok: false, text: failureText(err) });
      showRefusalAtField(setError, err, fieldOfRefusal);
    }
  }

  const text = (name: TextFieldName, label: string, type = 'text') => {
    const id = name.startsWith('privacyOfficer.') ? `setting-officer-${name.slice('privacyOfficer.'.length)}` : `setting-${name}`;
    return (
      <Field id={id} label={label} error={(get(errors, name) as FieldError | undefined)?.message}>
        {(control) => <input {...control} {...register(name)} className="form-input" type={type} />}
      </Field>
    );
  };
  const fact = (key: FactName, label: string, type?: string) => text(key, label, type);
  const officer = (key: OfficerName, label: string, type?: string) => text(`privacyOfficer.${key}`, label, type);

  return (
    <form className="settings-form" onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label="사이트 설정" noValidate>
      <fieldset className="admin-section">
        <legend>로그인 방식</legend>
        <p className="admin-note">회원이 로그인할 때 쓰는 아이디입니다. 바꾸면 다음 로그인부터 적용되고, 시스템 관리자는 계속 아이디로 로그인합니다.</p>
        <div className="admin-choices">
          {authTypes.map((type) => (
            <label key={type} className="form-check" htmlFor={`setting-auth-${type}`}>
              <input id={`setting-auth-${type}`} type="radio" value={type} {...register('authType')} />
              <span>{authTypeLabels[type]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="admin-section">
        <legend>자동입력 방지</legend>
        <label className="form-check" htmlFor="setting-captcha">
          <input id="setting-captcha" type="checkbox" {...register('useCapcha')} />
          <span>로그인, 회원가입, 비회원 문의에 자동입력 방지 문자를 씁니다.</span>
        </label>
      </fieldset>

      <fieldset className="admin-section">
        <legend>관리자 2단계 인증</legend>
        <label className="form-check" htmlFor="setting-admin-two-factor">
          <input id="setting-admin-two-factor" type="checkbox" {...register('adminTwoFactorRequired')} />
          <span>관리자 권한(ADMIN_Access)이 있는 모든 계정이 인증 앱 코드로 로그인하게 합니다.</span>
        </label>
        <p className="admin-note">켜면 인증 앱을 등록하지 않은 관리자는 등록을 마칠 때까지 관리자 기능을 쓸 수 없습니다. 먼저 본인의 2단계 인증을 설정해야 켤 수 있습니다.</p>
      </fieldset>

      <fieldset className="admin-section">
        <legend>손님 권한</legend>
        <Field id="setting-guest-role" label="로그인하지 않은 방문자의 권한" error={errors.roleCodeForGuest?.message}>
          {(control) => (
            <select {...control} {...register('roleCodeForGuest')} className="form-input form-select">
              {loaded.roles.map((role) => (
                <option key={role.roleCode} value={role.roleCode} disabled={role.admin}>
                  {role.name} ({role.roleCode}){role.admin ? ' - 관리자 권한이라 고를 수 없음' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
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
          <Controller
            control={control}
            name="userProfiles"
            render={({ field }) => <ProfileFieldsEditor items={field.value} onChange={field.onChange} />}
          />
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

/** The site facts this form shows as text fields (`setting-{key}`), and the privacy officer's (`setting-officer-{key}`). */
const factFields = ['siteName', 'siteNameEn', 'operator', 'address', 'phone', 'fax', 'email', 'businessHours', 'registSiteUrl'] as const satisfies readonly (keyof Facts)[];
const officerFields = ['name', 'position', 'phone', 'email'] as const satisfies readonly (keyof Facts['privacyOfficer'])[];
type FactName = (typeof factFields)[number];
type OfficerName = (typeof officerFields)[number];
type TextFieldName = FactName | `privacyOfficer.${OfficerName}`;

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T => value !== undefined && (list as readonly string[]).includes(value);

/**
 * The form field a refusal names (the answer's `field`, e.g. `siteName` or `privacyOfficer.email`)
 * when it is one of this form's text fields; null for the form as a whole.
 */
function fieldOfRefusal(field: string): TextFieldName | null {
  const [head, sub] = field.split('.');
  if (head === 'privacyOfficer') return isOneOf(officerFields, sub) ? `privacyOfficer.${sub}` : null;
  return isOneOf(factFields, head) ? head : null;
}
