// First: zod's configuration (Korean messages; jitless under the CSP) before any schema is built.
// The contract's barrel does not bring it in the web build (see vite.config.ts).
import '../../contract/zod-ko';
// Pretendard GOV (KRDS's typeface), split by Unicode range so a page loads only the glyphs it shows.
import 'pretendard-gov/dist/web/variable/pretendardvariable-gov-dynamic-subset.css';
import './ui/tokens.css';
import './ui/global.css';
import './ui/form/rhythm.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

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
