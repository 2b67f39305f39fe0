import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useBoardMenu } from '../lib/board-menu';
import { menu, withBoards } from './menu';

/**
 * The main menu as disclosure buttons (WAI-ARIA disclosure navigation): works with a mouse,
 * a keyboard (Tab, Enter/Space, Escape) and on a phone behind a menu button.
 */
export function MainNav() {
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const id = useId();
  // Boards made in the console join their area's group; until they load, the fixed menu shows.
  const boards = useBoardMenu().data?.content;
  const groups = useMemo(() => (boards ? withBoards(menu, boards) : menu), [boards]);

  useEffect(() => {
    setOpenGroup(null);
    setMobileOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        setOpenGroup(null);
        setMobileOpen(false);
      }
    }
    function onClick(e: MouseEvent) {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpenGroup(null);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <nav className="main-nav" aria-label="주 메뉴" ref={navRef}>
      <button
        type="button"
        className="main-nav__toggle"
        aria-expanded={mobileOpen}
        aria-controls={`${id}-menu`}
        onClick={() => setMobileOpen((v) => !v)}
      >
        <span className="main-nav__toggle-icon" aria-hidden="true" />
        {mobileOpen ? '메뉴 닫기' : '전체 메뉴'}
      </button>
      <ul id={`${id}-menu`} className={`main-nav__groups${mobileOpen ? ' is-open' : ''}`}>
        {groups.map((group) => {
          const open = openGroup === group.id;
          const listId = `${id}-${group.id}`;
          return (
            <li key={group.id} className="main-nav__group">
              <button
                type="button"
                className="main-nav__group-button"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setOpenGroup(open ? null : group.id)}
              >
                {group.label}
              </button>
              <ul id={listId} className={`main-nav__links${open ? ' is-open' : ''}`}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className="main-nav__link">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
