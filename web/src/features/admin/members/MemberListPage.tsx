import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { memberStatusLabels, memberStatuses, type MemberStatus } from '@contract';
import { saveBlob } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { Pagination } from '@web/ui/Pagination';
import { ReasonDialogButton } from '@web/ui/ReasonDialog';
import { accessReasonProblem } from '../shared/access-reason';
import { Field } from '@web/ui/form/Field';
import { adminPaths } from '../admin-paths';
import { exportMembers, useMemberList, useMemberRoleOptions, type MemberListQuery } from './api/members';

const PAGE_SIZE = 20;
const FILTERS = ['keyword', 'roleCode', 'status', 'joinedFrom', 'joinedTo'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;

/** The list's filter and page live in the URL, so a filtered page can be reloaded, shared and gone back to. */
function queryOf(params: URLSearchParams): { filter: Filter; page: number } {
  const filter: Filter = {};
  for (const key of FILTERS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  const page = Number(params.get('page'));
  return { filter, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** 회원 (issue 9): search members by name, ID, e-mail or mobile, role, status and sign-up period. */
export function Component() {
  useDocumentTitle('회원 관리');
  const [params, setParams] = useSearchParams();
  const { filter, page } = queryOf(params);
  const memberFilter = { ...filter, status: filter.status as MemberStatus | undefined };
  const query: MemberListQuery = { ...memberFilter, page, size: PAGE_SIZE };
  const list = useMemberList(query);
  const roles = useMemberRoleOptions();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  }

  const pageTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `${adminPaths.members}?${next}`;
  };

  return (
    <section aria-labelledby="members-title">
      <div className="admin-page__head">
        <h1 id="members-title">회원</h1>
        <ReasonDialogButton
          label="엑셀 다운로드"
          title="회원 목록 엑셀 다운로드"
          note="지금 검색 조건의 회원 목록(회원번호, 아이디, 이름, 권한, 상태, 가입일, 탈퇴일)을 내려받습니다. 이메일과 휴대폰 번호는 포함되지 않습니다. 개인정보 보호를 위해 다운로드 사유가 기록됩니다."
          fieldLabel="다운로드 사유"
          check={accessReasonProblem}
          required
          submitLabel="다운로드"
          busyLabel="내려받는 중…"
          onSubmit={async (reason) => {
            const { blob, fileName } = await exportMembers({ ...memberFilter, reason });
            saveBlob(blob, fileName ?? '회원목록.xlsx');
            return '엑셀 파일을 내려받았습니다.';
          }}
        />
      </div>

      {/* key: a new URL (back, a link) puts its own values in the fields. */}
      <form key={params.toString()} className="admin-filters" role="search" aria-label="회원 검색" onSubmit={search}>
        <Field id="member-keyword" label="검색어" hint="이름·아이디 앞부분, 이메일·휴대폰 전체">
          {(control) => <input {...control} name="keyword" className="form-input" defaultValue={filter.keyword ?? ''} maxLength={100} />}
        </Field>
        <Field id="member-role" label="권한">
          {(control) => (
            <select {...control} name="roleCode" className="form-input" defaultValue={filter.roleCode ?? ''}>
              <option value="">전체</option>
              {roles.data?.map((r) => (
                <option key={r.roleCode} value={r.roleCode}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="member-status" label="상태">
          {(control) => (
            <select {...control} name="status" className="form-input" defaultValue={filter.status ?? ''}>
              <option value="">전체</option>
              {memberStatuses.map((s) => (
                <option key={s} value={s}>
                  {memberStatusLabels[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="member-joined-from" label="가입일 시작">
          {(control) => <input {...control} name="joinedFrom" type="date" className="form-input" defaultValue={filter.joinedFrom ?? ''} />}
        </Field>
        <Field id="member-joined-to" label="가입일 끝">
          {(control) => <input {...control} name="joinedTo" type="date" className="form-input" defaultValue={filter.joinedTo ?? ''} />}
        </Field>
        <div className="admin-filters__actions">
          <button type="submit" className="button button--primary">
            검색
          </button>
          <Link to={adminPaths.members} className="button">
            초기화
          </Link>
        </div>
      </form>

      {list.isPending ? (
        <LoadingStatus />
      ) : list.isError ? (
        <p role="alert" className="form-message form-message--error">
          {list.error.message}
        </p>
      ) : (
        <>
          <p className="admin-count" role="status">
            검색 결과 {list.data.totalElements.toLocaleString('ko-KR')}명
          </p>
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="회원 목록 표">
            <table className="admin-table admin-table--nowrap admin-table--stack">
              <caption className="visually-hidden">회원 목록: 회원번호, 아이디, 이름, 이메일, 휴대폰, 권한, 상태, 가입일 (이메일·휴대폰은 일부 가림)</caption>
              <thead>
                <tr>
                  <th scope="col">회원번호</th>
                  <th scope="col">아이디</th>
                  <th scope="col">이름</th>
                  <th scope="col">이메일</th>
                  <th scope="col">휴대폰</th>
                  <th scope="col">권한</th>
                  <th scope="col">상태</th>
                  <th scope="col">가입일</th>
                </tr>
              </thead>
              <tbody>
                {list.data.content.length === 0 ? (
                  <tr>
                    <td colSpan={8} className="admin-empty">
                      조건에 맞는 회원이 없습니다.
                    </td>
                  </tr>
                ) : (
                  list.data.content.map((m) => (
                    <tr key={m.id}>
                      <td data-label="회원번호">{m.id}</td>
                      <th scope="row">
                        <Link to={adminPaths.member(m.id)}>{m.userKeyCode}</Link>
                      </th>
                      <td data-label="이름">{m.name}</td>
                      <td data-label="이메일">{m.email ?? '-'}</td>
                      <td data-label="휴대폰">{m.mobile ?? '-'}</td>
                      <td data-label="권한">{m.roleName}</td>
                      <td data-label="상태">
                        <span className={`admin-status admin-status--${m.status}`}>{memberStatusLabels[m.status]}</span>
                      </td>
                      <td data-label="가입일">
                        <time dateTime={m.createdDate}>{m.createdDate.slice(0, 10)}</time>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pagination page={list.data.page} totalPages={list.data.totalPages} pageTo={pageTo} />
        </>
      )}
    </section>
  );
}
