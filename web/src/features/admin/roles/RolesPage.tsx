import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createRoleRequest, patchRoleRequest, roleMessages, type CreateRoleRequest, type RoleList, type RoleView } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Field } from '@web/ui/form/Field';
import '@web/ui/form/forms.css';
import { failureText, showRefusalAtField } from '../shared/contract-form';
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
        return { ok: true };
      } catch (err) {
        setOutcome({ at, tone: 'error', text: failureText(err) });
        return { ok: false, error: err };
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

/** Runs a save and shows its outcome; answers the refusal, for the form to say at its field. */
type Report = (work: () => Promise<unknown>, success: string) => Promise<{ ok: true } | { ok: false; error: unknown }>;

interface Outcome {
  at: 'list' | 'new';
  tone: 'success' | 'error';
  text: string;
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

interface RoleRowValues {
  name: string;
  /** The known permissions ticked (the others the role holds are kept as they are). */
  permissions: string[];
}

function RoleRow({ role, known, report }: { role: RoleView; known: Known; report: Report }) {
  const { patch } = useRoleChanges();
  const formId = `role-form-${role.roleCode}`;
  const others = role.permissions.filter((p) => !known.some((k) => k.code === p));
  const { register, handleSubmit, formState } = useForm<RoleRowValues>({
    defaultValues: { name: role.name, permissions: role.permissions.filter((p) => known.some((k) => k.code === p)) },
    // The contract's rules for the body; the values go as typed (the server trims).
    resolver: zodResolver(patchRoleRequest.required(), undefined, { raw: true }),
  });

  const save = (values: RoleRowValues) =>
    report(() => patch.mutateAsync({ roleCode: role.roleCode, name: values.name, permissions: [...values.permissions, ...others] }), `${roleMessages.saved} (${role.roleCode})`);

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
        <Field id={`${formId}-name`} label={<span className="visually-hidden">{role.roleCode} 이름</span>} error={formState.errors.name?.message}>
          {(control) => <input {...control} {...register('name')} form={formId} className="form-input" maxLength={30} required />}
        </Field>
      </td>
      <td data-label="허용 기능">
        <fieldset className="admin-checks">
          <legend className="visually-hidden">{role.roleCode} 허용 기능</legend>
          {known.map((k) => (
            <label key={k.code} className="form-check">
              <input type="checkbox" form={formId} value={k.code} {...register('permissions')} />
              <span>{k.label}</span>
            </label>
          ))}
          {others.length > 0 && <span>그 밖의 항목: {others.join(', ')}</span>}
        </fieldset>
      </td>
      <td data-label="회원 수">{role.memberCount.toLocaleString('ko-KR')}명</td>
      <td>
        {/* The row's fields belong to this form by their form attribute (a form cannot wrap a row). */}
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit(save)(event)} aria-label={`${role.roleCode} 권한 수정`} />
        <button type="submit" form={formId} className="button" disabled={patch.isPending}>
          저장<span className="visually-hidden">: {role.roleCode}</span>
        </button>
      </td>
    </tr>
  );
}

/** The new-role field a refusal names (the answer's `field`), when the form marks it; null for the form as a whole. */
function fieldOfRefusal(field: string): 'roleCode' | 'name' | null {
  return field === 'roleCode' || field === 'name' ? field : null;
}

const emptyRole: CreateRoleRequest = { roleCode: '', name: '', permissions: [] };

function NewRoleForm({ known, report, outcome }: { known: Known; report: Report; outcome: Outcome | null }) {
  const { create } = useRoleChanges();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    defaultValues: emptyRole,
    // The contract's rules for the body (a code's format, a name's length), said at the field before sending.
    resolver: zodResolver(createRoleRequest),
  });
  const errors = formState.errors;

  async function submit(body: CreateRoleRequest) {
    const result = await report(() => create.mutateAsync(body), roleMessages.created);
    // A refusal about one field (a taken code) is also said under it, which is marked and takes the focus.
    if (!result.ok) showRefusalAtField(setError, result.error, fieldOfRefusal);
    else reset();
  }

  return (
    <div className="admin-section">
      <h2 id="new-role-title">새 권한 만들기</h2>
      <form className="admin-stack" aria-labelledby="new-role-title" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {/* At the form's top, beside the code field a refusal names and focuses: below the
            permission checkboxes it would be out of a phone's view (issue 23 added one). */}
        <OutcomeMessage outcome={outcome} />
        <div className="admin-grid">
          <Field id="new-role-code" label="권한 코드" error={errors.roleCode?.message} hint="영문 대문자로 시작, 영문 대문자·숫자·_ 2~30자">
            {(control) => <input {...control} {...register('roleCode')} className="form-input" required maxLength={30} />}
          </Field>
          <Field id="new-role-name" label="권한 이름" error={errors.name?.message}>
            {(control) => <input {...control} {...register('name')} className="form-input" required maxLength={30} />}
          </Field>
        </div>
        <fieldset className="admin-checks">
          <legend className="form-field__label">허용 기능</legend>
          {known.map((k) => (
            <label key={k.code} className="form-check">
              <input type="checkbox" value={k.code} {...register('permissions')} />
              <span>{k.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            권한 만들기
          </button>
        </div>
      </form>
    </div>
  );
}
