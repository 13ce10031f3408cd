// Web section: first-load JS weight (home, control room), the home page's LCP, and the time to a
// list's first row on a cold load of the control room.
import { existsSync } from 'node:fs';
import { FIRST_ROW_PATH, measureFirstRow } from './first-row.mjs';
import { measureLcp } from './lcp.mjs';
import { measureWebSizes } from './web-size.mjs';

const HOME_JS_TARGET_KB = 100;
// The smallest react-admin 5 app (five guessed resources, Vite) loads about this much first.
const CONTROLROOM_JS_TARGET_KB = 375;
const LCP_TARGET_MS = 1000;
const FIRST_ROW_TARGET_MS = 1000;

/** What a profile of the first row found, and what was tried (kept with the figures it explains). */
const FIRST_ROW_NOTE =
  "Where the first row's time went (an earlier cold load of 2026-11-26, Chromium's resource timing, at a 1-min load average near 20 on the 2 cores, when the control room's chunks were ControlRoom 783 kB and serverMessage 371 kB raw): the entry script until 270 ms; the router chunk 322–422 ms; the control room's chunks 478–580 ms; then about 600 ms of running them and rendering the shell before its first requests (public config, the filters' companies, groups and roles, 1180–1235 ms); the list's own request waits one more render for react-admin's session and access checks (1465 ms) and is answered in under 10 ms; the row is in the page at 1830 ms. The server is not the cost; script evaluation and rendering on a starved CPU are. Since then the demo form's phone rules (libphonenumber) and crypto-js left the chunks the control room loads first (ControlRoom 756 kB, serverMessage 255 kB raw), and on a /controlroom address the shell's chunk is asked for beside the router's rather than after it ran (src/main.tsx; alone it measured neither a gain nor a loss on this machine, kept because it cannot delay the shell). The schedules' screens joined the shell's chunk. Since then each resource's screens and the shell's bespoke pages (dashboard, profile, history logs) left the shell's chunk, each downloaded with its route: the opened page's screens are asked for as the shell's route table arrives and the shell waits for them before its first render (a Suspense fallback there would hold the page back up to 300 ms more), the others download on idle; and the list's request no longer waits for react-admin's session and access checks (the shell's session guard and the route's access rule decide from the local session at once). Since then a control room address no longer discovers its chunks hop by hop (entry, then router and shell, then the route table, then the opened page's screens, each only once the one before it has run): a small script the build writes (vite.config.ts), run before the entry, asks for all of them at once with modulepreload hints; in a cold load at a load average near 15 every chunk was in by about 800 ms and the page's screens no longer waited for the route table (866 ms before). What remains is script evaluation and rendering (MUI's styles, react-admin), on the main thread.";
const RUNS = 5;
const CHROMIUM = '/usr/bin/chromium';

// kB = 1000 bytes, as Vite prints them.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const mark = (ok) => (ok ? '✅ pass' : '❌ miss');

export const webSection = {
  title: 'Web app',
  async run({ dist, server }) {
    const sizes = measureWebSizes(dist);
    // The rest of the bench still means something on a machine without Chromium.
    const lcp = existsSync(CHROMIUM) ? await measureLcp(`${server.url}/`, RUNS) : null;
    if (!lcp) console.log(`LCP not measured: no ${CHROMIUM} (apt-get install -y chromium)`);
    const firstRow = existsSync(CHROMIUM) ? await measureFirstRow(server.url, RUNS) : null;
    const firstRowOk = firstRow !== null && firstRow.medianMs <= FIRST_ROW_TARGET_MS;
    const homeOk = sizes.home.gzip <= HOME_JS_TARGET_KB * 1000;
    const lcpOk = lcp !== null && lcp.medianMs <= LCP_TARGET_MS;
    const controlroomOk = sizes.controlroom !== undefined && sizes.controlroom.gzip <= CONTROLROOM_JS_TARGET_KB * 1000;
    const shell = sizes.controlroom
      ? `| JS the control room loads first (entry + lazy chain to the /controlroom shell) | ${kb(sizes.controlroom.gzip)} gzip (${kb(sizes.controlroom.raw)} raw) | ≤ ${CONTROLROOM_JS_TARGET_KB} kB gzip | ${mark(controlroomOk)} |`
      : `| JS the control room loads first | not measured: no lazy chunk matching the shell found among ${sizes.lazyKeys.join(', ') || 'none'} | ≤ ${CONTROLROOM_JS_TARGET_KB} kB gzip | ❌ miss |`;
    const markdown = `| measure | value | target | result |
|---|---|---|---|
| JS the home page loads (entry + static imports + the control room's preload script) | ${kb(sizes.home.gzip)} gzip (${kb(sizes.home.raw)} raw) | ≤ ${HOME_JS_TARGET_KB} kB gzip | ${mark(homeOk)} |
${shell}
| Home page LCP, median of ${RUNS} cold loads | ${lcp ? `${Math.round(lcp.medianMs)} ms` : `not measured: no ${CHROMIUM}`} | ≤ ${LCP_TARGET_MS / 1000} s | ${lcp ? mark(lcpOk) : '—'} |
| Time to the first row of a list on a cold load (\`${FIRST_ROW_PATH}\`, signed in), median of ${RUNS} | ${firstRow ? `${Math.round(firstRow.medianMs)} ms (its request sent at ${Math.round(firstRow.requestStartMs)} ms)` : `not measured: no ${CHROMIUM}`} | ≤ ${FIRST_ROW_TARGET_MS / 1000} s | ${firstRow ? mark(firstRowOk) : '—'} |

How: sizes are gzip level 9 (Node's zlib) of the files named in \`dist/index.html\` (the entry module, and
the small script every page loads that asks for a control room address's chunks) and
\`dist/.vite/manifest.json\`. Lazy (dynamic) imports are not counted for the home page: it paints
without the router, which it only prefetches on idle. The control room's count is the home page's
files, the router's and the shell's chunks (\`src/shell/ControlRoom.tsx\` and the \`src/shell/\`
chunk the entry asks for beside it, which starts the opened page's screens) and their static
imports; the opened page's own screens (its resource's chunk and the schema's, each route's own)
are not counted. LCP is the last
\`largest-contentful-paint\` entry (PerformanceObserver) of \`/\` served by the real server
(\`server/main.ts\`, embedded PGlite, temp data folder) on 127.0.0.1, in headless Chromium
(/usr/bin/chromium, 1280×720), a fresh browser per load, after one discarded warm-up load.
The first row: the Super Admin's session put in localStorage as the login page leaves it, then
\`${FIRST_ROW_PATH}\` loaded in a fresh browser (1440×900); the time from navigation start to the
first data cell in the page (a MutationObserver added before the page's scripts), after one
discarded warm-up load. \`node scripts/bench/first-row.mjs <server url> [runs]\` measures it alone
against a running server.

- Home JS files: ${sizes.home.files.map((f) => `\`${f}\``).join(', ')}
- Lazy chain to the control room shell: ${sizes.shellKeys.map((k) => `\`${k}\``).join(' → ') || 'none found'}
- LCP samples (ms): ${(lcp?.samples ?? []).map((s) => `${Math.round(s.ms)}${s.element ? ` (${s.element})` : ''}`).join(', ')}
- First row samples (ms; in brackets when the list's request was sent): ${(firstRow?.samples ?? []).map((s) => `${Math.round(s.ms)} (${Math.round(s.requestStart ?? Number.NaN)})`).join(', ')}

${FIRST_ROW_NOTE}`;
    console.log(markdown);
    return {
      markdown,
      missed:
        (homeOk ? 0 : 1) +
        (controlroomOk ? 0 : 1) +
        (lcp === null || lcpOk ? 0 : 1) +
        (firstRow === null || firstRowOk ? 0 : 1),
    };
  },
};
