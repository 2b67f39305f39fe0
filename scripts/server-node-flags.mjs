// The Node flags the server runs with, wherever it is started: `npm start` (package.json), the
// systemd unit (deploy/systemd/nids@.service) and the bench (scripts/bench/app-server.ts), which
// measures what is shipped. scripts/server-node-flags.test.ts keeps the three in agreement.
//
// --max-old-space-size: without a limit V8 sizes its old generation from the machine's memory and
// lets garbage build up to several hundred MB under load before it collects (an instance held
// 366-481 MB RSS after the bench's load for a heap of 86 MB); with 384 MB it stays near 270 MB at
// the same throughput, and the heaviest requests (a 10,000-row Excel export, a 5 MB address-book
// import of 9,999 rows) peak at 230-360 MB RSS (docs/performance.md, issue 24). An operator's
// NODE_OPTIONS comes after these on Node's command line and wins.
//
// --no-allocation-site-pretenuring: V8 watches where objects are made, and when most of those made
// at one place outlive the young generation it makes that place's next ones in the old generation
// at once. Under new visitors a kept post page's parts do outlive it; the same places then make
// the pages of posts opened at random, which die at once, so the old generation filled with them:
// any post's page right after new visitors ran 23 full collections in 10 s against 7 with this
// flag (2,194 against 1,819 pages a second by hand; in the bench 428 against 529 µs of Node a
// page), and the kept paths lost nothing (docs/decisions/0037-bounded-heap.md, session 34).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=384', '--no-allocation-site-pretenuring'];
