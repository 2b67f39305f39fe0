import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminPaths, contentMessages, isContentCode, type AdminContentVersion, type ContentCode } from '@contract';
import { withParticle } from '@contract/korean-particle';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Dialog, DialogActions, DialogFailure } from '@web/ui/Dialog';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { failureText } from '../shared/contract-form';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { useContentPages, useContentVersion, useContentVersions, useRestoreContent } from './api';
import { bodyText } from './body-text';
import { ContentPreview } from './ContentPreview';
import { formatKoreaDateTime, versionStatusLabels } from './publish';
import { diffText, hasChanges, type DiffPart } from './text-diff';
import './content.css';

/** 버전 기록 (issue 22): a page's versions, what changed between any two, a preview of any one, and restoring one. */
export function Component() {
  const { code = '' } = useParams();
  const known = isContentCode(code);
  const pages = useContentPages();
  const page = known ? pages.data?.content.find((p) => p.code === code) : undefined;
  const title = page ? `버전 기록: ${page.title}` : '버전 기록';
  useDocumentTitle(title);
  return (
    <section className="admin-screen" aria-labelledby="content-versions-title">
      <p>
        <Link to={adminPaths.contents} className="admin-link">
          <span aria-hidden="true">← </span>콘텐츠 목록
        </Link>
      </p>
      <h1 id="content-versions-title">{title}</h1>
      {known ? <Versions code={code as ContentCode} /> : <p role="alert">{contentMessages.notFound}</p>}
    </section>
  );
}

const period = (v: Pick<AdminContentVersion, 'effectiveFrom' | 'effectiveTo'>) =>
  v.effectiveFrom ? `${formatKoreaDateTime(v.effectiveFrom)} ~ ${v.effectiveTo ? formatKoreaDateTime(v.effectiveTo) : ''}` : '게시 전';

function Versions({ code }: { code: ContentCode }) {
  const query = useContentVersions(code);
  const [previewed, setPreviewed] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<AdminContentVersion | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (!query.data) return <QueryState query={query} label="버전 기록" />;
  const versions = query.data.content;
  if (versions.length === 0) return <p className="admin-empty">아직 버전이 없습니다.</p>;
  const current = versions.find((v) => v.status === 'current');
  return (
    <>
      <p className="admin-actions">
        <Link to={adminPaths.content(code)} className="button button--primary">
          새 버전 작성
        </Link>
      </p>
      <SaveResult result={result} />
      <div className="admin-table-wrap" role="region" aria-label="버전 목록 표" tabIndex={0}>
        <table className="admin-table admin-table--stack">
          <caption className="visually-hidden">버전 목록 ({versions.length}개, 최신 버전부터)</caption>
          <thead>
            <tr>
              <th scope="col">버전</th>
              <th scope="col">상태</th>
              <th scope="col">게시 기간</th>
              <th scope="col">저장</th>
              <th scope="col">변경 메모</th>
              <th scope="col">작업</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <th scope="row">버전 {v.version}</th>
                <td data-label="상태">
                  <span className={`content-status content-status--${v.status}`}>{versionStatusLabels[v.status]}</span>
                </td>
                <td data-label="게시 기간">{period(v)}</td>
                <td data-label="저장">
                  {formatKoreaDateTime(v.createdAt)} {v.createdByName}
                </td>
                <td data-label="변경 메모">
                  {v.note}
                  {v.restoredFrom !== null && <span className="content-muted"> (버전 {v.restoredFrom}에서 복원)</span>}
                </td>
                <td data-label="작업">
                  <div className="content-row__actions">
                    <button type="button" className="button button--small" onClick={() => setPreviewed(v.version)} aria-pressed={previewed === v.version}>
                      미리보기<span className="visually-hidden">: 버전 {v.version}</span>
                    </button>
                    {v.status !== 'current' && (
                      <button type="button" className="button button--small" onClick={() => setRestoring(v)}>
                        복원<span className="visually-hidden">: 버전 {v.version}</span>
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Comparison code={code} versions={versions} current={current} />
      {previewed !== null && <Preview code={code} version={previewed} />}
      <RestoreDialog
        code={code}
        version={restoring}
        newestVersion={versions[0]!.version}
        onClose={() => setRestoring(null)}
        onRestored={(text) => {
          setRestoring(null);
          setResult({ ok: true, text });
        }}
      />
    </>
  );
}

/** Two versions chosen by number and the difference of their text. By default: the current one against the newest. */
function Comparison({ code, versions, current }: { code: ContentCode; versions: AdminContentVersion[]; current: AdminContentVersion | undefined }) {
  const id = useId();
  const newest = versions[0]!.version;
  const defaultOld = current && current.version !== newest ? current.version : (versions[1]?.version ?? newest);
  const [older, setOlder] = useState(defaultOld);
  const [newer, setNewer] = useState(newest);
  const a = useContentVersion(code, older);
  const b = useContentVersion(code, newer);
  const select = (label: string, value: number, onChange: (n: number) => void, key: string) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <select id={`${id}-${key}`} className="form-input form-select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            버전 {v.version} ({versionStatusLabels[v.status]})
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>바뀐 내용 비교</h2>
      <div className="admin-grid">
        {select('기준 버전', older, setOlder, 'older')}
        {select('비교할 버전', newer, setNewer, 'newer')}
      </div>
      <p className="admin-note" id={`${id}-legend`}>
        <del className="content-diff__del">지운 글</del>은 취소선과 함께 &lsquo;삭제&rsquo;로, <ins className="content-diff__ins">더한 글</ins>은 밑줄과 함께 &lsquo;추가&rsquo;로 읽힙니다.
        제목이 바뀌었으면 맨 위에 함께 보입니다.
      </p>
      {!a.data || !b.data ? (
        a.isError || b.isError ? (
          <QueryState query={a.isError ? a : b} label="버전" />
        ) : (
          <LoadingStatus label="버전을 불러오는 중입니다…" />
        )
      ) : (
        <TextDiff before={`${a.data.title}\n${bodyText(a.data.body)}`} after={`${b.data.title}\n${bodyText(b.data.body)}`} labelledBy={`${id}-title`} />
      )}
    </section>
  );
}

function TextDiff({ before, after, labelledBy }: { before: string; after: string; labelledBy: string }) {
  const lines = diffText(before, after);
  if (!hasChanges(lines)) return <p className="content-diff__none">두 버전의 내용이 같습니다.</p>;
  return (
    <div className="content-diff" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {lines.map((line, index) =>
        line.kind === 'same' ? (
          <p key={index} className="content-diff__line">
            {line.text}
          </p>
        ) : (
          <p key={index} className="content-diff__line content-diff__line--changed">
            {line.parts.map((part, i) => (
              <Part key={i} part={part} />
            ))}
          </p>
        ),
      )}
    </div>
  );
}

/** A changed piece: <del>/<ins> with words a screen reader says, not colour alone. */
function Part({ part }: { part: DiffPart }) {
  if (part.kind === 'same') return <>{part.text}</>;
  const Tag = part.kind === 'ins' ? 'ins' : 'del';
  const word = part.kind === 'ins' ? '추가' : '삭제';
  return (
    <Tag className={`content-diff__${part.kind}`}>
      <span className="visually-hidden">[{word}: </span>
      {part.text}
      <span className="visually-hidden">]</span>
    </Tag>
  );
}

function Preview({ code, version }: { code: ContentCode; version: number }) {
  const query = useContentVersion(code, version);
  const id = useId();
  return (
    <section className="admin-section content-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        미리보기: 버전 {version}
        {query.data && <span className={`content-status content-status--${query.data.status}`}>{versionStatusLabels[query.data.status]}</span>}
      </h2>
      {!query.data ? (
        <QueryState query={query} label="버전" />
      ) : (
        <>
          <p className="admin-note">공개 화면에 보일 모습입니다. 제목: {query.data.title}</p>
          <div className="content-preview__frame">
            <ContentPreview code={code} body={query.data.body} />
          </div>
        </>
      )}
    </section>
  );
}

function RestoreDialog({
  code, version, newestVersion, onClose, onRestored,
}: {
  code: ContentCode;
  version: AdminContentVersion | null;
  newestVersion: number;
  onClose: () => void;
  onRestored: (text: string) => void;
}) {
  const restore = useRestoreContent(code);
  const [failure, setFailure] = useState('');
  const describedBy = useId();
  async function confirm() {
    if (!version) return;
    setFailure('');
    try {
      const restored = await restore.mutateAsync({ version: version.version, baseVersion: newestVersion });
      onRestored(`${withParticle(`버전 ${version.version}`, '을/를')} ${withParticle(`버전 ${restored.version}`, '으로/로')} 복원해 게시했습니다.`);
    } catch (err) {
      setFailure(failureText(err, '복원하지 못했습니다.'));
    }
  }
  return (
    <Dialog
      open={version !== null}
      title="버전 복원"
      describedBy={describedBy}
      onClose={() => {
        setFailure('');
        onClose();
      }}
    >
      <p id={describedBy}>
        버전 {version?.version}의 제목과 본문을 새 버전으로 저장해 지금 게시합니다. 지금까지의 버전은 그대로 남습니다. 복원할까요?
      </p>
      <DialogFailure message={failure} />
      <DialogActions onCancel={onClose} busy={restore.isPending} actionLabel="복원" busyLabel="복원 중…" onAction={() => void confirm()} />
    </Dialog>
  );
}
