import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { feedbackScreenKey } from '@contract/feedback-values';

type FeedbackFormComponent = ComponentType<{ path: string }>;

/**
 * The page-satisfaction form (만족도 조사, issue 23) at the foot of every screen that asks
 * (contract feedbackScreenKey: not the console). Its code is loaded only when the foot of the page
 * comes near the view, so a screen's first load does not carry it (e2e/budget.spec.ts). One form
 * per screen: moving to another screen starts a fresh one.
 *
 * Loaded by hand rather than with React.lazy: a chunk that fails to load (a deploy renamed it, the
 * network dropped) leaves the foot empty, where lazy() would throw into the screen's error
 * boundary and replace the page the visitor came for.
 */
export function PageFeedback() {
  const { pathname } = useLocation();
  const screen = feedbackScreenKey(pathname);
  const near = useNearView(screen !== null);
  const Form = useFormOnce(near.seen);
  if (screen === null) return null;
  return (
    <div ref={near.ref} className="page-feedback-slot">
      {Form && <Form key={screen} path={pathname} />}
    </div>
  );
}

let loaded: FeedbackFormComponent | null = null;

/** The form's component once `wanted` (kept for later screens); null until then or if its chunk failed. */
function useFormOnce(wanted: boolean): FeedbackFormComponent | null {
  const [form, setForm] = useState<FeedbackFormComponent | null>(() => loaded);
  useEffect(() => {
    if (!wanted || form) return;
    let current = true;
    import('./FeedbackForm').then(
      (module) => {
        loaded = module.default;
        if (current) setForm(() => module.default);
      },
      () => {
        // No form today: the page itself is what matters.
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, form]);
  return form;
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
