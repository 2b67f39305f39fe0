import { useId } from 'react';
import { Link } from 'react-router';
import { boardAreas, fixedScreens, paths } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSiteInfo } from '../site/api/get-site-info';
import { useLatestBoardItems, type HomeBoardCode } from './api/list-latest-board-items';
import './home.css';

const quickLinks = [
  { label: '사업 소개', to: paths.nidsIntro, description: '환자등록사업의 목적과 하는 일을 소개합니다.', icon: 'info' },
  {
    label: '연차보고서',
    to: paths.boardList(boardAreas.annualReport ?? 'Reference', 'annualReport'),
    description: '해마다 발간하는 등록 현황과 분석 결과입니다.',
    icon: 'report',
  },
  {
    label: '안전성 정보',
    to: paths.boardList(boardAreas.safetyInformation ?? 'Reference', 'safetyInformation'),
    description: '회수, 안전성 서한 등 이식 의료기기 안전 소식입니다.',
    icon: 'shield',
  },
  {
    label: '문의하기',
    to: paths.boardWrite(boardAreas.contactus ?? 'Nids', 'contactus'),
    description: '사업에 대한 제안과 궁금한 점을 남겨주세요.',
    icon: 'chat',
  },
] as const;

type QuickIcon = (typeof quickLinks)[number]['icon'];

/** `/`: what the registry is, the latest notices and public material, and the way into the registration system. */
export function Component() {
  useDocumentTitle(fixedScreens.home.title);
  return (
    <div className="container page home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">인체이식형 의료기기 환자등록사업</p>
          <h1 id="home-title" className="home-hero__title">
            몸속 의료기기와 함께하는 환자의 안전을 오래도록 지킵니다
          </h1>
          <p className="home-hero__lead">
            인체이식형 의료기기 환자등록사업은 인공관절, 심장 이식기기, 유방 보형물처럼 몸속에 이식되는 의료기기를 사용한 환자의
            정보를 등록하고 관리합니다. 의료기기에 문제가 생기면 해당 환자를 빠르게 찾아 안내하고, 쌓인 자료로 의료기기의 장기
            안전성을 살핍니다. 의료기관과 환자, 정부가 함께 더 안전한 의료 환경을 만들어 갑니다.
          </p>
          <p className="home-hero__actions">
            <Link className="button button--primary" to={paths.nidsIntro}>
              사업 소개 보기
            </Link>
            <Link className="button" to={paths.nidsAbout}>
              등록사업 안내
            </Link>
          </p>
        </div>
        <RegistSiteCard />
      </section>

      <div className="home-boards">
        <LatestBoardItems boardCode="notice" title="공지사항" />
        <LatestBoardItems boardCode="public" title="공개자료" />
      </div>

      <section className="home-quick" aria-labelledby="home-quick-title">
        <h2 id="home-quick-title" className="home-section-title">
          바로가기
        </h2>
        <ul className="home-quick__list">
          {quickLinks.map((link) => (
            <li key={link.label}>
              <Link className="home-quick__link" to={link.to}>
                <QuickLinkIcon icon={link.icon} />
                <span className="home-quick__label">{link.label}</span>{' '}
                <span className="home-quick__description">{link.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The way into the patient registration system: our guide page, and the system itself in a new tab. */
function RegistSiteCard() {
  const { data: site } = useSiteInfo();
  return (
    <aside className="home-regist" aria-labelledby="home-regist-title">
      <h2 id="home-regist-title" className="home-regist__title">
        환자등록시스템
      </h2>
      <p className="home-regist__text">
        의료기관 담당자는 환자등록시스템에서 이식 환자와 의료기기 정보를 등록하고 관리합니다. 처음 이용하신다면 이용 안내를 먼저
        확인해주세요.
      </p>
      <div className="home-regist__actions">
        {site?.registSiteUrl && (
          <a className="button button--primary" href={site.registSiteUrl} target="_blank" rel="noopener noreferrer">
            환자등록시스템 바로가기
            <ExternalIcon />
            <span className="visually-hidden">(새 창 열림)</span>
          </a>
        )}
        <Link className="button" to={paths.registSite}>
          이용 안내
        </Link>
      </div>
    </aside>
  );
}

function LatestBoardItems({ boardCode, title }: { boardCode: HomeBoardCode; title: string }) {
  const id = useId();
  const { data, isPending, isError } = useLatestBoardItems(boardCode);
  const area = boardAreas[boardCode] ?? 'Nids';
  return (
    <section className="home-board" aria-labelledby={id}>
      <div className="home-board__head">
        <h2 id={id} className="home-section-title">
          {title}
        </h2>
        <Link className="home-board__more" to={paths.boardList(area, boardCode)} aria-label={`${title} 더보기`}>
          더보기
          <span aria-hidden="true"> +</span>
        </Link>
      </div>
      {isPending && (
        <p className="home-board__message" role="status">
          불러오는 중입니다…
        </p>
      )}
      {isError && <p className="home-board__message">게시글을 불러오지 못했습니다.</p>}
      {data && data.content.length === 0 && <p className="home-board__message">등록된 게시글이 없습니다.</p>}
      {data && data.content.length > 0 && (
        <ul className="home-board__list">
          {data.content.map((boardItem) => (
            <li key={boardItem.itemNo} className="home-board__item">
              {/* The whole row (title and date) is the link: one 44 px target, not a 27 px line of text. */}
              <Link className="home-board__link" to={paths.boardView(area, boardCode, boardItem.itemNo)}>
                <span className="home-board__title">{boardItem.title}</span>
                <time className="home-board__date" dateTime={boardItem.createdDate}>
                  {formatKstDate(boardItem.createdDate)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "2026.11.22": the API sends dates in Korea Standard Time (+09:00), so the date part is the Korean date. */
function formatKstDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10).replaceAll('-', '.') : iso;
}

function ExternalIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

const quickIconPaths: Record<QuickIcon, string> = {
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  report: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM14 3v5h5M9 17v-3M12 17v-6M15 17v-4',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6zM9 12l2 2 4-4',
  chat: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
};

function QuickLinkIcon({ icon }: { icon: QuickIcon }) {
  return (
    <svg className="home-quick__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={quickIconPaths[icon]} />
    </svg>
  );
}
