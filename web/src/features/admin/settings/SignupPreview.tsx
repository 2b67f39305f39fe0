import { useForm } from 'react-hook-form';
import type { UserProfileField } from '@contract';
import { ProfileFields } from '@web/ui/form/ProfileFields';
import '@web/ui/form/forms.css';

/**
 * The extra fields of the sign-up form as a member will see them (the same component draws them
 * on /Account/Signup), updating as the operator edits. Fields without a code yet get a stand-in.
 */
export function SignupPreview({ fields }: { fields: UserProfileField[] }) {
  const { register } = useForm();
  const seen = new Set<string>();
  const shown = fields.map((field, i) => {
    let code = /^[A-Za-z][A-Za-z0-9_]*$/.test(field.code) ? field.code : `field${i + 1}`;
    while (seen.has(code)) code = `${code}_${i + 1}`;
    seen.add(code);
    return { ...field, code, name: field.name || '(이름 없음)' };
  });
  return (
    <section className="signup-preview" aria-labelledby="signup-preview-title">
      <h3 id="signup-preview-title">회원가입 화면 미리보기</h3>
      <p className="signup-preview__note">회원가입 화면의 &lsquo;추가 정보&rsquo;에 이렇게 보입니다. 저장하기 전에도 바로 바뀝니다.</p>
      <div className="signup-preview__form" role="group" aria-label="추가 정보 미리보기">
        {shown.length === 0 ? (
          <p>추가 정보 항목이 없습니다.</p>
        ) : (
          <ProfileFields formId="preview" fields={shown} register={(name) => register(name)} errorOf={() => undefined} />
        )}
      </div>
    </section>
  );
}
