import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import {
  adminPaths, changeMemberRoleRequest, memberMessages, memberStatusLabels, twoFactorMessages,
  type MemberDetail, type MemberRoleOption,
} from '@contract';
import { isSystemAdmin } from '@web/lib/session';
import { useSession } from '@web/lib/use-session';
import { useResetMemberTwoFactor } from '../two-factor/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Field } from '@web/ui/form/Field';
import '@web/ui/form/forms.css';
import { useMember, useMemberChanges, useMemberRoleOptions, type MemberAction } from './api/members';
import { ReasonDialogButton } from '@web/ui/ReasonDialog';
import { accessReasonProblem } from '../shared/access-reason';

const dateTime = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '-');

/** 회원 상세 (issue 9): masked until 개인정보 보기, then the role, lock, lockout, sign-out and retirement. */
export function Component() {
  const id = Number(useParams().userId);
  const valid = Number.isInteger(id) && id > 0;
  const member = useMember(valid ? id : 0);
  useDocumentTitle('회원 상세');
  if (!valid) return <Refusal message={memberMessages.notFound} />;
  if (member.isPending) return <LoadingStatus />;
  if (member.isError) return <Refusal message={member.error.message} />;
  return <MemberDetailView detail={member.data} />;
}

function Refusal({ message }: { message: string }) {
  return (
    <section>
      <h1>회원 상세</h1>
      <p role="alert" className="form-message form-message--error">
        {message}
      </p>
      <Link to={adminPaths.members} className="admin-link">
        회원 목록으로
      </Link>
    </section>
  );
}

function MemberDetailView({ detail }: { detail: MemberDetail }) {
  const changes = useMemberChanges(detail.id);
  const roles = useMemberRoleOptions();
  /** The plain fields of the last reveal; a later change answers masked fields again. */
  const [revealed, setRevealed] = useState<MemberDetail | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const shown = revealed ?? detail;
  const retired = detail.status === 'RETIRED';
  const resetTwoFactor = useResetMemberTwoFactor(detail.id);
  const session = useSession();
  const systemAdmin = session.signedIn && isSystemAdmin(session.user);
  const busy = changes.act.isPending || changes.changeRole.isPending || resetTwoFactor.isPending;
  // Why this account cannot be locked or retired by the caller, as the server decides it
  // (server/modules/admin-member/policy.ts): those two buttons are not offered then.
  const targetAdmin = roles.data?.find((r) => r.roleCode === detail.roleCode)?.admin === true;
  const lockRefusal =
    detail.userType === 'Admin'
      ? memberMessages.systemAdminProtected
      : session.signedIn && session.user.id === detail.id
        ? memberMessages.selfAction
        : targetAdmin && !systemAdmin
          ? memberMessages.peerAdminProtected
          : null;

  async function run(work: () => Promise<unknown>, success: string) {
    setNotice('');
    setFailure('');
    try {
      await work();
      setRevealed(null);
      setNotice(success);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : '요청을 처리하지 못했습니다.');
    }
  }

  const act = (action: MemberAction, success: string) => () => void run(() => changes.act.mutateAsync(action), success);


  return (
    <section aria-labelledby="member-title">
      <div className="admin-page__head">
        <h1 id="member-title">회원 상세: {detail.name}</h1>
        <Link to={adminPaths.members} className="admin-link">
        회원 목록으로
      </Link>
      </div>
      <div role="status">{notice && <p className="form-message form-message--success">{notice}</p>}</div>
      <div role="alert">{failure && <p className="form-message form-message--error">{failure}</p>}</div>

      <div className="admin-section">
        <div className="admin-page__head">
          <h2>기본 정보</h2>
          {!retired && !revealed && (
            <ReasonDialogButton
              label="개인정보 보기"
              title="개인정보 보기"
              note="가려진 이메일, 휴대폰 번호, 프로필 값을 표시합니다. 이 조회는 사유와 함께 접근기록에 남습니다."
              fieldLabel="조회 사유"
              check={accessReasonProblem}
              required={false}
              submitLabel="표시"
              busyLabel="불러오는 중…"
              onSubmit={async (reason) => {
                setNotice('');
                setFailure('');
                setRevealed(await changes.reveal.mutateAsync(reason));
                setNotice(memberMessages.revealed);
              }}
            />
          )}
        </div>
        <dl className="admin-facts">
          <dt>회원번호</dt>
          <dd>{shown.id}</dd>
          <dt>아이디</dt>
          <dd>{shown.userKeyCode}</dd>
          <dt>이름</dt>
          <dd>{shown.name}</dd>
          <dt>이메일</dt>
          <dd data-testid="member-email">{shown.email ?? '-'}</dd>
          <dt>휴대폰</dt>
          <dd>{shown.mobile ?? '-'}</dd>
          {shown.profile.map((p) => (
            <Fact key={p.code} term={p.name} value={p.value || '-'} />
          ))}
          <dt>권한</dt>
          <dd>
            {detail.roleName} ({detail.roleCode}){detail.userType === 'Admin' && ' · 시스템 관리자'}
          </dd>
          <dt>상태</dt>
          <dd>
            <span className={`admin-status admin-status--${detail.status}`}>{memberStatusLabels[detail.status]}</span>
          </dd>
          <dt>가입일</dt>
          <dd>{dateTime(detail.createdDate)}</dd>
          <dt>비밀번호 연속 오류</dt>
          <dd>{detail.failedSigninCount}회</dd>
          <dt>로그인 잠금(비밀번호 오류)</dt>
          <dd>{detail.lockedUntil ? `${dateTime(detail.lockedUntil)}까지` : '없음'}</dd>
          <dt>2단계 인증</dt>
          <dd>{detail.twoFactorEnabled ? '사용' : '사용 안 함'}</dd>
          <dt>모든 로그인 종료</dt>
          <dd>{dateTime(detail.sessionsRevokedDate)}</dd>
          <dt>탈퇴일</dt>
          <dd>{dateTime(detail.retiredDate)}</dd>
        </dl>
      </div>

      {!retired && (
        <>
          <div className="admin-section">
            <h2>권한 변경</h2>
            {/* Keyed by the options too: a select mounted before they arrive would show the first role, not the member's. */}
            <RoleForm
              key={`${detail.roleCode}:${roles.data?.length ?? 0}`}
              roleCode={detail.roleCode}
              roles={roles.data}
              busy={busy}
              onSubmit={({ roleCode }) => run(() => changes.changeRole.mutateAsync(roleCode), memberMessages.roleChanged)}
            />
          </div>

          <div className="admin-section">
            <h2>계정 관리</h2>
            <div className="admin-actions">
              {detail.status === 'LOCKED' ? (
                <button type="button" className="button" disabled={busy} onClick={act('unlock', memberMessages.unlocked)}>
                  잠금 해제
                </button>
              ) : (
                !lockRefusal && (
                  <button type="button" className="button" disabled={busy} onClick={act('lock', memberMessages.locked)}>
                    회원 잠금
                  </button>
                )
              )}
              <button type="button" className="button" disabled={busy} onClick={act('clear-lockout', memberMessages.lockoutCleared)}>
                로그인 잠금 해제
              </button>
              <button type="button" className="button" disabled={busy} onClick={act('sign-out', memberMessages.signedOut)}>
                모든 기기에서 로그아웃
              </button>
              {/* A lost phone and lost recovery codes: only a system administrator resets (the server checks too). */}
              {detail.twoFactorEnabled && systemAdmin && (
                <button type="button" className="button" disabled={busy} onClick={() => void run(() => resetTwoFactor.mutateAsync(), twoFactorMessages.resetDone)}>
                  2단계 인증 초기화
                </button>
              )}
              {!lockRefusal && (
                <ReasonDialogButton
                  label="탈퇴 처리"
                  title="회원 탈퇴 처리"
                  note="이 회원의 이름, 이메일, 휴대폰 번호, 프로필과 비밀번호가 곧바로 지워지고 되돌릴 수 없습니다. 사유는 접근기록에 남습니다."
                  fieldLabel="탈퇴 처리 사유"
                  check={accessReasonProblem}
                  required
                  danger
                  submitLabel="탈퇴 처리"
                  busyLabel="처리 중…"
                  onSubmit={async (reason) => {
                    // A refusal is shown in the dialog, which stays open.
                    setNotice('');
                    setFailure('');
                    await changes.retire.mutateAsync(reason);
                    setRevealed(null);
                    setNotice(memberMessages.retiredDone);
                  }}
                />
              )}
            </div>
            {lockRefusal && <p className="admin-note">{lockRefusal}</p>}
          </div>
        </>
      )}
    </section>
  );
}

/** 권한 변경: the member's role, checked by the contract's request rule. */
function RoleForm({ roleCode, roles, busy, onSubmit }: {
  roleCode: string;
  roles: MemberRoleOption[] | undefined;
  busy: boolean;
  onSubmit: (body: { roleCode: string }) => Promise<void>;
}) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { roleCode }, resolver: zodResolver(changeMemberRoleRequest, undefined, { raw: true }) });
  return (
    <form className="admin-inline-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Field id="member-role-select" label="권한" error={formState.errors.roleCode?.message}>
        {(control) => (
          <select {...control} {...register('roleCode')} className="form-input">
            {roles?.map((r) => (
              <option key={r.roleCode} value={r.roleCode}>
                {r.name}
                {r.admin ? ' (관리자 권한)' : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={busy || !roles}>
        권한 변경
      </button>
    </form>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
