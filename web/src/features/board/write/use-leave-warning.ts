import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const leaveMessage = '작성 중인 내용이 저장되지 않았습니다. 이 페이지를 떠나시겠습니까?';

/**
 * Asks before leaving a form with unsaved changes: moves inside the app through the router's
 * blocker (a native confirm, which screen readers and keyboards handle), closing or reloading the
 * tab through `beforeunload`. After a successful save, `allowLeaving()` lets the next move through.
 */
export function useLeaveWarning(unsaved: boolean): { allowLeaving: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(leaveMessage)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { allowLeaving };
}
