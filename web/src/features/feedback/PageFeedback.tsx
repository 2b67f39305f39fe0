import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { feedbackScreenKey } from '@contract/feedback-values';

const FeedbackForm = lazy(() => import('./FeedbackForm'));

/**
 * The page-satisfaction form (만족도 조사, issue 23) at the foot of every screen that asks
 * (contract feedbackScreenKey: not the console). Its code is loaded only when the foot of the page
 * comes near the view, so a screen's first load does not carry it (e2e/budget.spec.ts). One form
 * per screen: moving to another screen starts a fresh one.
 */
export function PageFeedback() {
  const { pathname } = useLocation();
  const screen = feedbackScreenKey(pathname);
  const near = useNearView(screen !== null);
  if (screen === null) return null;
  return (
    <div ref={near.ref} className="page-feedback-slot">
      {near.seen && (
        <Suspense fallback={null}>
          <FeedbackForm key={screen} path={pathname} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Whether the element has come within a screen's height of the view (at once without
 * IntersectionObserver); `present` says the element is rendered, so the watch starts when it is.
 */
function useNearView(present: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !present || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, present]);
  return { ref, seen };
}
