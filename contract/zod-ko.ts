import { z } from 'zod';

// Validation messages in Korean on both sides (the interface language is ko, spec §1).
z.config(z.locales.ko());

// In the browser, zod probes `new Function('')` for its compiled fast path; under the site's CSP
// (script-src 'self', no 'unsafe-eval') the probe is blocked and Chromium logs a CSP issue on every
// screen. jitless skips the probe (and the fast path, which the browser could not use anyway); it
// must be set before the first schema is built, which this module (imported first) does.
if (typeof document !== 'undefined') z.config({ jitless: true });
