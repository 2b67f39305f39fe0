import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PopupNotice, PopupScreen } from '@contract/popup';
import { paths } from '@contract/paths';
import { useActivePopups } from './api/get-active-popups';
import { hiddenIds, hideToday } from './hidden-today';
import './popup.css';

/** setTimeout's longest delay; a later end is looked at again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The active pop-up notices (issue 22) as a layer over the page's corner (the bottom of a phone's
 * screen): fixed, so the main content never moves when it appears or goes, and not a dialog: no
 * focus trap, nothing made inert, the page usable behind it. A labelled landmark (`aside`), each
 * notice a section named by its title, closed by its button or by Esc; "오늘 하루 보지 않기" keeps
 * it closed in this browser until midnight in Korea (hidden-today.ts). One whose end passes while
 * the page is open goes by itself.
 */
export function SitePopups() {
  const { pathname } = useLocation();
  const screen: PopupScreen = pathname === paths.home ? 'home' : 'all';
  const { data } = useActivePopups(screen);
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const [hidden, setHidden] = useState(() => hiddenIds(Date.now()));
  const now = useNowUntilNextEnd(data?.content);
  const layer = useRef<HTMLElement>(null);
  const shown = (data?.content ?? []).filter((p) => !closed.has(p.id) && !hidden.has(p.id) && Date.parse(p.endsAt) > now);

  function close(ids: number[]) {
    // The focus was in a notice that goes: give it to the main content rather than to the page's top.
    if (layer.current?.contains(document.activeElement)) document.getElementById('main-content')?.focus({ preventScroll: true });
    setClosed((before) => new Set([...before, ...ids]));
  }

  const shownIds = shown.map((p) => p.id).join(',');
  useEffect(() => {
    if (!shownIds) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Esc closes the notice holding the focus, or, from anywhere else on the page, all of them.
      const inside = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-popup-id]');
      close(inside ? [Number(inside.dataset.popupId)] : shownIds.split(',').map(Number));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shownIds]);

  if (shown.length === 0) return null;
  return (
    <aside ref={layer} className="site-popups" aria-label="팝업 공지">
      {shown.map((p) => (
        <Notice
          key={p.id}
          popup={p}
          onClose={() => close([p.id])}
          onHideToday={() => {
            hideToday(p.id, Date.now());
            setHidden(hiddenIds(Date.now()));
            close([p.id]);
          }}
        />
      ))}
    </aside>
  );
}

function Notice({ popup, onClose, onHideToday }: { popup: PopupNotice; onClose: () => void; onHideToday: () => void }) {
  const titleId = `popup-${popup.id}-title`;
  return (
    <section className="site-popup" aria-labelledby={titleId} data-popup-id={popup.id}>
      <h2 id={titleId} className="site-popup__title">
        {popup.title}
      </h2>
      <div className="site-popup__content">
        {popup.imageUrl && <img className="site-popup__image" src={popup.imageUrl} alt={popup.imageAlt} loading="lazy" />}
        {/* Sanitised by the server with the posts' allow-list (server/modules/board/sanitize.ts). */}
        {popup.body && <div className="site-popup__body" dangerouslySetInnerHTML={{ __html: popup.body }} />}
        {popup.linkUrl && <NoticeLink href={popup.linkUrl} />}
      </div>
      <div className="site-popup__actions">
        <button type="button" className="site-popup__button" onClick={onHideToday}>
          오늘 하루 보지 않기
        </button>
        <button type="button" className="site-popup__button site-popup__button--close" onClick={onClose} aria-label={`${popup.title} 닫기`}>
          닫기
        </button>
      </div>
    </section>
  );
}

/** A site path opens in the app; an outside address in a new window, said so (KRDS). */
function NoticeLink({ href }: { href: string }) {
  if (href.startsWith('/')) {
    return (
      <Link className="site-popup__link" to={href}>
        자세히 보기
      </Link>
    );
  }
  return (
    <a className="site-popup__link" href={href} target="_blank" rel="noopener noreferrer">
      자세히 보기<span className="site-popup__new-window"> (새 창)</span>
    </a>
  );
}

/** Now, moved on when the soonest end among the notices passes, so an ended one goes by itself. */
function useNowUntilNextEnd(popups: readonly PopupNotice[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const ends = (popups ?? []).map((p) => Date.parse(p.endsAt)).filter((end) => end > now);
  const nextEnd = ends.length ? Math.min(...ends) : null;
  useEffect(() => {
    if (nextEnd === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(nextEnd - Date.now(), 0) + 50, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [nextEnd, now]);
  return now;
}
