import { Link, useLocation, useSearchParams } from 'react-router';
import type { TermsContentCode } from '@contract/content-values';
import { useSiteInfo } from '../../lib/site-info';
import { useContent, useContentVersions } from '../../lib/content/content-query';
import { termsLayouts } from '../../ui/content/TermsDocumentBody';
import { effectivePeriod, koreanDate, versionStates, type VersionStates } from './effective-dates';
import { TermsDocument } from './TermsDocument';

interface TermsContentScreenProps {
  code: TermsContentCode;
  /** The screen's title until the page's own arrives. */
  title: string;
  idPrefix: string;
}

/** `?version=3` → 3; anything else → the current version. */
function requestedVersion(value: string | null): number | undefined {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * A terms document (issue 22, PIPA art. 30 and the PIPC's guideline): the version in force with
 * its 시행일자, the list of versions with their periods, each opening at `?version=N`, an earlier
 * one labelled as such with a way back, and while a revision is announced the date it applies from
 * with a link to its text.
 */
export function TermsContentScreen({ code, title: screenTitle, idPrefix }: TermsContentScreenProps) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const version = requestedVersion(searchParams.get('version'));
  const content = useContent(code, version);
  const versions = useContentVersions(code);
  const site = useSiteInfo();
  const states = versions.data ? versionStates(versions.data.content, Date.now()) : undefined;
  const title = content.data?.title ?? screenTitle;
  const shown = content.data && states?.versions.find((entry) => entry.version === content.data.version);
  const isCurrent = version === undefined || (states?.current !== undefined && states.current.version === version);

  const status = content.isError
    ? version === undefined
      ? '내용을 불러오지 못했습니다. 잠시 후 다시 시도해 주십시오.'
      : '요청하신 버전을 찾을 수 없습니다.'
    : '내용을 불러오고 있습니다.';

  const notices = (
    <>
      {!isCurrent && (
        <div className="terms__notice terms__notice--earlier" role="note">
          <p>
            {shown && states?.scheduled?.version === shown.version
              ? `이 문서는 ${koreanDate(shown.effectiveFrom)}부터 적용될 개정된 ${title}입니다.`
              : `이 문서는 이전 버전의 ${title}입니다.`}
            {shown && states?.scheduled?.version !== shown.version && <> 시행 기간: {effectivePeriod(shown)}</>}
          </p>
          <p>
            <Link to={pathname}>현재 시행 중인 {title} 보기</Link>
          </p>
        </div>
      )}
      {isCurrent && states?.scheduled && (
        <div className="terms__notice" role="note">
          <p>
            <strong>{koreanDate(states.scheduled.effectiveFrom)}부터 개정된 방침이 적용됩니다</strong>
          </p>
          <p>
            <Link className="terms__notice-link" to={`${pathname}?version=${states.scheduled.version}`}>
              개정된 {title} 미리 보기
            </Link>
          </p>
        </div>
      )}
    </>
  );

  return (
    <TermsDocument
      title={title}
      idPrefix={idPrefix}
      layout={termsLayouts[code]}
      content={content.data}
      status={status}
      facts={{ site: site.data, status: site.status }}
      notices={notices}
      history={states && states.versions.length > 0 && <VersionHistory idPrefix={idPrefix} title={title} states={states} shownVersion={content.data?.version} pathname={pathname} />}
    />
  );
}

/** The versions, newest first, each with its period; the one shown is marked, the others are links. */
function VersionHistory({ idPrefix, title, states, shownVersion, pathname }: { idPrefix: string; title: string; states: VersionStates; shownVersion: number | undefined; pathname: string }) {
  const headingId = `${idPrefix}-versions`;
  return (
    <section className="terms__versions" aria-labelledby={headingId}>
      <h2 id={headingId} className="terms__versions-title">
        {title} 개정 이력
      </h2>
      <ol className="terms__versions-list">
        {states.versions.map((entry) => {
          const scheduled = entry.version === states.scheduled?.version || Date.parse(entry.effectiveFrom) > Date.now();
          const current = entry.version === states.current?.version;
          const period = scheduled ? `${koreanDate(entry.effectiveFrom)}부터 시행 예정` : effectivePeriod(entry);
          const label = `${title} 제${entry.version}판 (${period})`;
          const to = current ? pathname : `${pathname}?version=${entry.version}`;
          return (
            <li key={entry.version}>
              {entry.version === shownVersion ? (
                <span aria-current="page">{label}</span>
              ) : (
                <Link to={to}>{label}</Link>
              )}
              {current && <span className="terms__versions-state"> 현재 시행 중</span>}
              {scheduled && <span className="terms__versions-state"> 시행 예정</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
