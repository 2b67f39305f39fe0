import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { adminPaths, paths } from '@contract';
import { useSiteInfo } from '../lib/site-info';
import { useSession, useSessionEffects, useSignOut } from '../lib/use-session';
import { isAdmin } from '../lib/session';
import { MainNav } from './MainNav';
import { SiteSearchField } from './SiteSearchField';
import { inquiryFormPath } from './menu';
import { OfficialBanner } from './OfficialBanner';
import { TextSizeControl } from './TextSizeControl';
import { PageLoading } from '../ui/PageLoading';
import { SessionExpiryWarning } from '../features/account/components/SessionExpiryWarning';
import { ToastProvider } from '../ui/toast/Toast';
import { CarriedNoticeView } from './CarriedNoticeView';
import { SitePopups } from '../features/popup/SitePopups';
import { PageFeedback } from '../features/feedback/PageFeedback';
import './layout.css';

export function Layout() {
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(mainRef);
  return (
    <ToastProvider>
    <div className="site">
      <a className="skip-link" href="#main-content">
        본문 바로가기
      </a>
      <OfficialBanner />
      <SiteHeader />
      <SitePopups />
      <main ref={mainRef} id="main-content" className="site-main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <CarriedNoticeView />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        {/* Issue 23: the page-satisfaction form at the foot of every public screen (not the console). */}
        <PageFeedback />
      </main>
      <SiteFooter />
      <SessionExpiryWarning />
      <ScrollRestoration />
    </div>
    </ToastProvider>
  );
}

/**
 * After a client-side move to another screen the focus goes to the main content, as after a page
 * load with the skip link: otherwise it is left on a menu link that has just been hidden (the
 * browser drops it to the body) or in the header or footer, and a keyboard or screen reader user
 * starts again from the top. A screen that put the focus somewhere in its own content (its
 * effects run before the layout's) keeps it there. Changes of the query alone (a list's next
 * page) leave the focus where it is.
 */
function useFocusMainOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = mainRef.current;
    const active = document.activeElement;
    if (!main || (active && active !== main && main.contains(active))) return;
    main.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

function SiteHeader() {
  const { data: site } = useSiteInfo();
  // Keeps the guest record and refetches the screens' data when the caller changes (spec §3, §4).
  useSessionEffects(site?.roleCodeForGuest);
  return (
    <header className="site-header">
      <div className="site-header__utility">
        <div className="container site-header__utility-inner">
          <TextSizeControl />
          <SiteSearchField className="site-search--header" />
          <div className="site-header__account">
            <AccountLinks />
          </div>
        </div>
      </div>
      <div className="container site-header__bar">
        <Link to={paths.home} className="site-logo">
          <LogoMark />
          <span className="site-logo__text">
            <span className="site-logo__name">{site?.siteName ?? '인체이식형 의료기기 환자등록사업'}</span>
            <span className="site-logo__operator">{site?.operator ?? ''}</span>
          </span>
        </Link>
        <MainNav />
      </div>
    </header>
  );
}

/** Guests: 로그인 · 회원가입. Members: "<name>님", 마이페이지 and 로그아웃. */
function AccountLinks() {
  const session = useSession();
  const navigate = useNavigate();
  const { signOut, pending } = useSignOut();
  if (!session.signedIn) {
    return (
      <>
        <Link to={paths.signin} className="site-header__link">
          로그인
        </Link>
        <Link to={paths.signup} className="site-header__link">
          회원가입
        </Link>
      </>
    );
  }
  return (
    <>
      <span className="site-header__member">
        <strong>{session.user.name}</strong>님
      </span>
      {isAdmin(session.user) && (
        <Link to={adminPaths.dashboard} className="site-header__link">
          관리자
        </Link>
      )}
      <Link to={paths.myPage} className="site-header__link">
        마이페이지
      </Link>
      <button
        type="button"
        className="site-header__link site-header__signout"
        disabled={pending}
        onClick={() => void signOut({ forget: true, beforeClear: () => navigate(paths.home) })}
      >
        {pending ? '처리 중…' : '로그아웃'}
      </button>
    </>
  );
}

function LogoMark() {
  return (
    <svg className="site-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M9 22V10h3l8 8.5V10h3v12h-3l-8-8.5V22z" fill="#fff" />
    </svg>
  );
}

/**
 * The footer in KRDS order: logo, address and contacts, utility links, policy links (개인정보처리방침
 * first and emphasised), copyright, and the operator line from the site settings.
 */
function SiteFooter() {
  const { data: site } = useSiteInfo();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__logo">
          <LogoMark />
          <span>{site?.siteName ?? '인체이식형 의료기기 환자등록사업'}</span>
        </p>
        {site && (
          <address className="site-footer__address">
            <span>{site.address}</span>
            <span>
              대표전화{' '}
              <a className="site-footer__contact" href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>
                {site.phone}
              </a>
            </span>
            <span>팩스 {site.fax}</span>
            <span>
              이메일{' '}
              <a className="site-footer__contact" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </span>
            <span>운영시간 {site.businessHours}</span>
          </address>
        )}
        <nav className="site-footer__nav" aria-label="바로가기">
          <ul className="site-footer__links">
            <li>
              <Link to={inquiryFormPath}>문의하기</Link>
            </li>
            <li>
              <Link to={paths.nidsOrganization}>조직도</Link>
            </li>
            <li>
              <Link to={paths.registSite}>환자등록시스템 안내</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-label="이용 정책">
          <ul className="site-footer__links site-footer__links--policy">
            <li>
              <Link to={paths.privacy} className="site-footer__privacy">
                개인정보처리방침
              </Link>
            </li>
            <li>
              <Link to={paths.terms}>이용약관</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {site?.operator ?? ''}. All rights reserved.
        </p>
        {site && <p className="site-footer__operator">이 누리집은 {site.operator}에서 운영하는 누리집입니다</p>}
      </div>
    </footer>
  );
}

/** Pages without the surrounding layout (terms, spec §2) still need the root's Suspense. */
export function BareLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
      <ScrollRestoration />
    </Suspense>
  );
}
