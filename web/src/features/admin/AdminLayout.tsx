import { Suspense, useId, useState } from 'react';
import { Link, matchPath, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { adminMessages, adminPaths, isSameScreenPath, paths, type LoginUser } from '@contract';
import { isAdmin } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { PageLoading } from '../../ui/PageLoading';
import { canManageContent } from './content/access';
import { canViewStats } from './stats/access';
import { useTwoFactorStatus } from './two-factor/api';
import './admin.css';

interface Section {
  label: string;
  to: string;
  end?: boolean;
  /** Shown only to whom this allows (the server refuses the others anyway). */
  shownTo?: (user: LoginUser | null) => boolean;
}

const sections: Section[] = [
  { label: '대시보드', to: adminPaths.dashboard, end: true },
  { label: '회원', to: adminPaths.members },
  { label: '권한', to: adminPaths.roles },
  { label: '게시판', to: adminPaths.boards },
  { label: '메뉴', to: adminPaths.menu, shownTo: canManageContent },
  { label: '문의', to: adminPaths.inquiries },
  { label: '주소록', to: adminPaths.alumni },
  { label: '사이트 설정', to: adminPaths.settings },
  // Issue 22: staff with CONTENT_Manage and the system admin.
  { label: '콘텐츠', to: adminPaths.contents, shownTo: canManageContent },
  { label: '팝업', to: adminPaths.popups, shownTo: canManageContent },
  { label: '인기 검색어', to: adminPaths.popularSearches, shownTo: canManageContent },
  { label: '접근기록', to: adminPaths.accessRecords },
  { label: '2단계 인증', to: adminPaths.twoFactor },
  // Issue 23: staff with STATS_View and the system admin.
  { label: '방문 통계', to: adminPaths.stats, shownTo: canViewStats },
  { label: '만족도 조사', to: adminPaths.feedback, shownTo: canViewStats },
];

/**
 * The console's frame (issue 9): its own navigation beside the screens. A guest is sent to sign
 * in and brought back; a member without ADMIN_Access reads a Korean refusal. The server checks
 * every call again, so this only spares people a screen of errors.
 */
export function Component() {
  const session = useSession();
  const location = useLocation();
  if (!session.signedIn) {
    return <Navigate to={paths.signin} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!isAdmin(session.user)) {
    return (
      <div className="container admin-refusal">
        <h1>관리자 화면</h1>
        <p role="alert">{adminMessages.adminOnly}</p>
        <Link to={paths.home} className="button">
          첫 화면으로
        </Link>
      </div>
    );
  }
  return <Console />;
}

/**
 * An administrator whose second factor the settings require and who has none yet gets only the
 * enrolment screen (the server refuses everything else to them: server/auth/caller.ts). The
 * enrolment screen is recognised in any case and with a trailing slash, as the router matches it.
 */
function Console() {
  const { pathname } = useLocation();
  const twoFactor = useTwoFactorStatus();
  if (twoFactor.data?.setupRequired && !isSameScreenPath(pathname, adminPaths.twoFactor)) return <Navigate to={adminPaths.twoFactor} replace />;
  return (
    <div className="container admin">
      <ConsoleNav />
      <div className="admin-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * The console's menu: a side list from 768 px up; on phones a disclosure button (KRDS side
 * navigation on mobile) that names the current screen and opens the list, so eight links do not
 * push every screen's content down. Choosing a screen closes it.
 */
function ConsoleNav() {
  const { pathname } = useLocation();
  const session = useSession();
  const user = session.signedIn ? session.user : null;
  const shown = sections.filter((s) => !s.shownTo || s.shownTo(user));
  const listId = useId();
  // Open for the screen it was opened on: moving to another screen (a link, Back) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const current = shown.find((s) => matchPath({ path: s.to, end: s.end ?? false }, pathname));
  return (
    <nav className={open ? 'admin-nav admin-nav--open' : 'admin-nav'} aria-label="관리자 메뉴">
      <p className="admin-nav__title">관리자</p>
      <button type="button" className="admin-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpenAt(open ? null : pathname)}>
        <span>관리자 메뉴</span>
        {current && <span className="admin-nav__current">{current.label}</span>}
      </button>
      <ul className="admin-nav__list" id={listId}>
        {shown.map((s) => (
          <li key={s.to}>
            <NavLink to={s.to} end={s.end} className="admin-nav__link" onClick={() => setOpenAt(null)}>
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
