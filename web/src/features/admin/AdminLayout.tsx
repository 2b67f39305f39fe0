import { Suspense } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { adminMessages, paths } from '../../../../contract';
import { isAdmin } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { PageLoading } from '../../ui/PageLoading';
import { adminPaths } from './admin-paths';
import './admin.css';

const sections = [
  { label: '대시보드', to: adminPaths.dashboard, end: true },
  { label: '회원', to: adminPaths.members },
  { label: '권한', to: adminPaths.roles },
  { label: '게시판', to: adminPaths.boards },
  { label: '문의', to: adminPaths.inquiries },
  { label: '주소록', to: adminPaths.alumni },
  { label: '사이트 설정', to: adminPaths.settings },
  { label: '접근기록', to: adminPaths.accessRecords },
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
  return (
    <div className="container admin">
      <nav className="admin-nav" aria-label="관리자 메뉴">
        <p className="admin-nav__title">관리자</p>
        <ul className="admin-nav__list">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end} className="admin-nav__link">
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
