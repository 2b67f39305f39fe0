import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { belongsOn, carriedNotice, dismissCarriedNotice, leftFor, subscribeCarriedNotice } from '../lib/carried-notice';

/**
 * The carried notice (lib/carried-notice.ts) at the top of the main content, in a polite live
 * region that is always in the page, empty when there is nothing, so what appears in it is read.
 */
export function CarriedNoticeView() {
  const notice = useSyncExternalStore(subscribeCarriedNotice, carriedNotice, () => null);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    // Only a move counts: the screen that carried the notice is still on show when it is carried.
    if (previous.current === pathname) return;
    previous.current = pathname;
    leftFor(pathname);
  }, [pathname]);
  const shown = notice && belongsOn(notice, pathname) ? notice : null;
  return (
    <div role="status" className={shown ? `carried-notice carried-notice--${shown.tone}` : 'carried-notice-region'}>
      {shown && (
        <div className="container carried-notice__inner">
          <p className="carried-notice__text">{shown.text}</p>
          <button type="button" className="dismiss-button carried-notice__close" onClick={() => dismissCarriedNotice(shown.id)} aria-label="알림 닫기">
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
