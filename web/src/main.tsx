// No zod here: every module that builds schemas (the contract's, a form's own) imports
// contract/zod-ko.ts first, so zod and its configuration load with the first screen that needs a
// schema, and screens that need none (the home page, a list, a post) load neither (issue 11).
import './ui/tokens.css';
import './ui/global.css';
import './ui/form/rhythm.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadPretendard } from './app/fonts';
import { serverNamedFirstScreen } from './app/first-screen';
import { router } from './app/router';
import { clearOldGuestDrafts } from './lib/member-storage';

// Pretendard GOV once the first screen has painted (app/fonts.ts).
let fontsRequested = false;
function loadFonts() {
  if (fontsRequested) return;
  fontsRequested = true;
  loadPretendard().catch(() => undefined);
}

/** Runs `run` after the first frame with this tree in it has been painted. */
function AfterFirstPaint({ run }: { run: () => void }) {
  useEffect(() => {
    // The frame callback comes before that frame's paint; the timer, after it.
    requestAnimationFrame(() => setTimeout(run, 0));
  }, [run]);
  return null;
}

/**
 * When the server named the first screen's files in the HTML (app/first-screen.ts), they are
 * downloading with this entry, so the first render waits for the router to have the screen (its
 * lazy route) and shows it at once, instead of a loading line that the screen replaces a moment
 * later: one render and one paint instead of two. At most SCREEN_WAIT_MS, after which the loading
 * line shows as for any other screen. Other screens render the loading line at once.
 * Its listener goes before the render: nothing may listen to the router while RouterProvider is
 * not yet subscribed (app/AppRouter.tsx).
 */
const SCREEN_WAIT_MS = 3000;
function screenReady(): Promise<void> {
  if (router.state.initialized || !serverNamedFirstScreen(document)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, SCREEN_WAIT_MS);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

try {
  clearOldGuestDrafts(window.localStorage);
} catch {
  // Storage disabled: nothing was kept there either.
}

const root = createRoot(document.getElementById('root')!);
void screenReady().then(() => {
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to
  // the browser between them, instead of one long task that blocks input on a slow phone (Total
  // Blocking Time). Nothing is on screen before it, so nothing is left waiting for it.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
        <AfterFirstPaint run={loadFonts} />
      </StrictMode>,
    );
  });
});
