import { useEffect, useState, type FormEvent } from 'react';
import { roleMessages, type RoleList, type RoleView } from '@contract';
import { refusedField } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import '@web/ui/form/forms.css';
import { useRoleChanges, useRoles } from './api/roles';

type Known = RoleList['knownPermissions'];

/**
 * 권한 (issue 9, system admin only): every role with its permissions as checkboxes and its member
 * count, and a form to make a new role. Permissions the code does not know (kept from elsewhere)
 * stay as they are.
 */
export function Component() {
  useDocumentTitle('권한 관리');
  const roles = useRoles();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The outcome is shown beside the form that asked: the list's at the top of the list, a new
  // role's under its button (on a phone the list above it is thousands of pixels long).
  const reportAt =
    (at: Outcome['at']): Report =>
    async (work, success) => {
      setOutcome(null);
      try {
        await work();
        setOutcome({ at, tone: 'success', text: success });
        return true;
      } catch (err) {
        setOutcome({ at, tone: 'error', text: err instanceof Error ? err.message : '저장하지 못했습니다.', field: refusedField(err) });
        return false;
      }
    };

  return (
    <section aria-labelledby="roles-title">
      <div className="admin-page__head">
        <h1 id="roles-title">권한</h1>
      </div>
      <p>권한마다 허용할 기능을 고릅니다. 관리자 권한(ADMIN_Access)이 생기거나 없어지면 접근기록에 남습니다. 바뀐 권한은 회원의 다음 요청부터 적용됩니다.</p>
      <OutcomeMessage outcome={outcome?.at === 'list' ? outcome : null} />
      {roles.isPending ? (
        <LoadingStatus />
      ) : roles.isError ? (
        <p role="alert" className="form-message form-message--error">
          {roles.error.message}
        </p>
      ) : (
        <>
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="권한 목록 표">
            <table className="admin-table admin-table--nowrap admin-table--stack">
              <caption className="visually-hidden">권한 목록: 코드, 이름, 허용 기능, 회원 수, 저장</caption>
              <thead>
                <tr>
                  <th scope="col">코드</th>
                  <th scope="col">이름</th>
                  <th scope="col">허용 기능</th>
                  <th scope="col">회원 수</th>
                  <th scope="col">저장</th>
                </tr>
              </thead>
              <tbody>
                {roles.data.content.map((r) => (
                  <RoleRow key={`${r.roleCode}:${r.name}:${r.permissions.join()}`} role={r} known={roles.data.knownPermissions} report={reportAt('list')} />
                ))}
              </tbody>
            </table>
          </div>
          <NewRoleForm known={roles.data.knownPermissions} report={reportAt('new')} outcome={outcome?.at === 'new' ? outcome : null} />
        </>
      )}
    </section>
  );
}

type Report = (work: () => Promise<unknown>, success: string) => Promise<boolean>;

interface Outcome {
  at: 'list' | 'new';
  tone: 'success' | 'error';
  text: string;
  /** The request field a refusal is about (the answer's `field`). */
  field?: string | null;
}

/** A save's outcome: news politely, a refusal at once; both regions stay in the page, empty, so what appears is read. */
function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <div role="status">{outcome?.tone === 'success' && <p className="form-message form-message--success">{outcome.text}</p>}</div>
      <div role="alert">{outcome?.tone === 'error' && <p className="form-message form-message--error">{outcome.text}</p>}</div>
    </>
  );
}

function RoleRow({ role, known, report }: { role: RoleView; known: Known; report: Report }) {
  const { patch } = useRoleChanges();
  const formId = `role-form-${role.roleCode}`;
  const others = role.permissions.filter((p) => !known.some((k) => k.code === p));

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const permissions = [...form.getAll('permission').map(String), ...others];
    void report(() => patch.mutateAsync({ roleCode: role.roleCode, name: String(form.get('name') ?? ''), permissions }), `${roleMessages.saved} (${role.roleCode})`);
  }

  return (
    <tr>
      <th scope="row">
        {role.roleCode}
        {role.isGuestRole && (
          <>
            {' '}
            <span className="admin-status">비회원용</span>
          </>
        )}
      </th>
      <td data-label="이름">
        <label className="visually-hidden" htmlFor={`${formId}-name`}>
          {role.roleCode} 이름
        </label>
        <input id={`${formId}-name`} form={formId} name="name" className="form-input" defaultValue={role.name} maxLength={30} required />
      </td>
      <td data-label="허용 기능">
        <fieldset className="admin-checks">
          <legend className="visually-hidden">{role.roleCode} 허용 기능</legend>
          {known.map((k) => (
            <label key={k.code} className="form-check">
              <input type="checkbox" form={formId} name="permission" value={k.code} defaultChecked={role.permissions.includes(k.code)} />
              <span>{k.label}</span>
            </label>
          ))}
          {others.length > 0 && <span>그 밖의 항목: {others.join(', ')}</span>}
        </fieldset>
      </td>
      <td data-label="회원 수">{role.memberCount.toLocaleString('ko-KR')}명</td>
      <td>
        {/* The row's fields belong to this form by their form attribute (a form cannot wrap a row). */}
        <form id={formId} onSubmit={save} aria-label={`${role.roleCode} 권한 수정`} />
        <button type="submit" form={formId} className="button" disabled={patch.isPending}>
          저장<span className="visually-hidden">: {role.roleCode}</span>
        </button>
      </td>
    </tr>
  );
}

/** The new-role field a refusal names (the answer's `field`), when the form marks it; null for the form as a whole. */
function fieldOfRefusal(field: string | null | undefined): 'new-role-code' | 'new-role-name' | null {
  if (field === 'roleCode') return 'new-role-code';
  if (field === 'name') return 'new-role-name';
  return null;
}

function NewRoleForm({ known, report, outcome }: { known: Known; report: Report; outcome: Outcome | null }) {
  const { create } = useRoleChanges();
  const [formKey, setFormKey] = useState(0);
  // A refusal about one field is also said under it, which is marked and takes the focus.
  const refusedInput = outcome?.tone === 'error' ? fieldOfRefusal(outcome.field) : null;
  const fieldError = (id: string) => (refusedInput === id ? outcome?.text : undefined);
  useEffect(() => {
    if (refusedInput) document.getElementById(refusedInput)?.focus();
  }, [refusedInput, outcome]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ok = await report(
      () =>
        create.mutateAsync({
          roleCode: String(form.get('roleCode') ?? '').trim(),
          name: String(form.get('name') ?? '').trim(),
          permissions: form.getAll('permission').map(String),
        }),
      roleMessages.created,
    );
    if (ok) setFormKey((k) => k + 1);
  }

  return (
    <div className="admin-section">
      <h2 id="new-role-title">새 권한 만들기</h2>
      <form key={formKey} className="admin-stack" aria-labelledby="new-role-title" onSubmit={(e) => void submit(e)}>
        <div className="admin-grid">
          <div className="form-field">
            <label className="form-field__label" htmlFor="new-role-code">
              권한 코드
            </label>
            <input
              id="new-role-code"
              name="roleCode"
              className="form-input"
              required
              maxLength={30}
              pattern="[A-Z][A-Z0-9_]{1,29}"
              aria-invalid={Boolean(fieldError('new-role-code'))}
              aria-describedby={fieldError('new-role-code') ? 'new-role-code-error new-role-code-hint' : 'new-role-code-hint'}
            />
            {fieldError('new-role-code') && (
              <p className="form-field__error" id="new-role-code-error">
                {fieldError('new-role-code')}
              </p>
            )}
            <p className="form-field__hint" id="new-role-code-hint">
              영문 대문자로 시작, 영문 대문자·숫자·_ 2~30자
            </p>
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor="new-role-name">
              권한 이름
            </label>
            <input
              id="new-role-name"
              name="name"
              className="form-input"
              required
              maxLength={30}
              aria-invalid={Boolean(fieldError('new-role-name'))}
              aria-describedby={fieldError('new-role-name') ? 'new-role-name-error' : undefined}
            />
            {fieldError('new-role-name') && (
              <p className="form-field__error" id="new-role-name-error">
                {fieldError('new-role-name')}
              </p>
            )}
          </div>
        </div>
        <fieldset className="admin-checks">
          <legend className="form-field__label">허용 기능</legend>
          {known.map((k) => (
            <label key={k.code} className="form-check">
              <input type="checkbox" name="permission" value={k.code} />
              <span>{k.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            권한 만들기
          </button>
        </div>
        <OutcomeMessage outcome={outcome} />
      </form>
    </div>
  );
}
