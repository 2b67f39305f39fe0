// No zod here: every module that builds schemas (the contract's, a form's own) imports
// contract/zod-ko.ts first, so zod and its configuration load with the first screen that needs a
// schema, and screens that need none (the home page, a list, a post) load neither (issue 11).
import './ui/tokens.css';
import './ui/global.css';
import './ui/form/rhythm.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// Pretendard GOV (KRDS's typeface), split by Unicode range so a page loads only the glyphs it shows.
// Its 120 @font-face rules (most of the style sheet's bytes) come in a style sheet of their own that
// does not hold up the first paint: text shows at once in the system's typeface and takes Pretendard
// GOV as its subsets arrive (font-display: swap), instead of waiting for the rules, and the first
// screen's subsets no longer compete with its scripts for the connection. Without it (a failed
// download) the system's typeface stays, which is what tokens.css names after Pretendard GOV.
import('pretendard-gov/dist/web/variable/pretendardvariable-gov-dynamic-subset.css').catch(() => undefined);

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that blocks input on a slow phone (Total
// Blocking Time). Nothing is on screen before it, so nothing is left waiting for it.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
