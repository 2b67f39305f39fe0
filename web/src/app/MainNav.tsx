import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useHeaderMenu } from '../lib/header-menu';
import { currentGroupId, headerGroups, type MenuLink } from './menu';
import { SiteSearchField } from './SiteSearchField';

/**
 * The main menu as disclosure buttons (WAI-ARIA disclosure navigation): works with a mouse,
 * a keyboard (Tab, Enter/Space, Escape) and on a phone behind a menu button.
 *
 * Escape closes what is open and puts the focus back on the button that opened it (the phone
 * menu's button, or the group's button when the focus was inside the group). When the focus
 * leaves the menu for the page, the menu closes, so nothing open is left covering the content.
 */
export function MainNav() {
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  // The menu staff edit (issue 22), with the boards no entry places in their area's group; a
  // guest's first frame has it from the page (first-load data), a member's asks for it.
  const items = useHeaderMenu().data?.items;
  const groups = useMemo(() => (items ? headerGroups(items) : []), [items]);
  // The group of the screen on show is marked (KRDS: the menu shows where you are).
  const currentGroup = currentGroupId(groups, location.pathname);

  useEffect(() => {
    setOpenGroup(null);
    setMobileOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!openGroup && !mobileOpen) return undefined;
    function onKey(e: KeyboardEvent) {
      if (e.key !== 'Escape') return;
      const nav = navRef.current;
      const focusInside = !!nav && nav.contains(document.activeElement);
      if (mobileOpen) {
        setMobileOpen(false);
        setOpenGroup(null);
        // The phone menu's button is the way back in, wherever the focus was in the menu.
        if (focusInside) toggleRef.current?.focus();
        return;
      }
      setOpenGroup(null);
      if (focusInside) nav?.querySelector<HTMLButtonElement>(`[data-group="${openGroup}"]`)?.focus();
    }
    function onClick(e: MouseEvent) {
      if (navRef.current && !navRef.current.contains(e.target as Node)) {
        setOpenGroup(null);
        setMobileOpen(false);
      }
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [openGroup, mobileOpen]);

  return (
    <nav
      className="main-nav"
      aria-label="주 메뉴"
      ref={navRef}
      onBlur={(e) => {
        // Tabbing out of the menu (not a click elsewhere, which the document listener handles).
        const next = e.relatedTarget as Node | null;
        if (next && !e.currentTarget.contains(next)) {
          setOpenGroup(null);
          setMobileOpen(false);
        }
      }}
    >
      <button
        ref={toggleRef}
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
        {/* The site search inside the full menu on a tablet or phone (issue 23); the header has it on a desktop. */}
        <li className="main-nav__search">
          <SiteSearchField className="site-search--menu" />
        </li>
        {groups.map((group) => {
          if (group.link) {
            return (
              <li key={group.id} className="main-nav__group">
                <MenuAnchor link={group.link} className={`main-nav__group-button${group.id === currentGroup ? ' is-current' : ''}`} />
              </li>
            );
          }
          const open = openGroup === group.id;
          const listId = `${id}-${group.id}`;
          return (
            <li key={group.id} className="main-nav__group">
              <button
                type="button"
                className={`main-nav__group-button${group.id === currentGroup ? ' is-current' : ''}`}
                data-group={group.id}
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setOpenGroup(open ? null : group.id)}
              >
                {group.label}
                <span className="main-nav__chevron" aria-hidden="true" />
              </button>
              <ul id={listId} className={`main-nav__links${open ? ' is-open' : ''}`}>
                {group.links.map((link) => (
                  <li key={link.id}>
                    <MenuAnchor link={link} className="main-nav__link" />
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

/**
 * A menu link: a screen of this site, or an external address opened in a new window, marked the
 * KRDS way (an icon, and "새 창 열림" for screen readers) and without access to this page (noopener).
 */
function MenuAnchor({ link, className }: { link: MenuLink; className: string }) {
  if (link.href) {
    return (
      <a href={link.href} className={`${className} main-nav__external`} target="_blank" rel="noopener noreferrer">
        {link.label}
        <svg className="main-nav__external-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
        </svg>
        <span className="visually-hidden">(새 창 열림)</span>
      </a>
    );
  }
  return (
    <NavLink to={link.to!} className={className}>
      {link.label}
    </NavLink>
  );
}
