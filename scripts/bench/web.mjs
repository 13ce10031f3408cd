// Web section: first-load JS weight (home, control room) and the home page's LCP.
import { existsSync } from 'node:fs';
import { measureLcp } from './lcp.mjs';
import { measureWebSizes } from './web-size.mjs';

const HOME_JS_TARGET_KB = 100;
const LCP_TARGET_MS = 1000;
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
    const homeOk = sizes.home.gzip <= HOME_JS_TARGET_KB * 1000;
    const lcpOk = lcp !== null && lcp.medianMs <= LCP_TARGET_MS;
    const shell = sizes.controlroom
      ? `| JS the control room loads first (entry + lazy chain to the /controlroom shell) | ${kb(sizes.controlroom.gzip)} gzip (${kb(sizes.controlroom.raw)} raw) | no target | — |`
      : `| JS the control room loads first | not measured: no lazy chunk matching the shell found among ${sizes.lazyKeys.join(', ') || 'none'} | — | — |`;
    const markdown = `| measure | value | target | result |
|---|---|---|---|
| JS the home page loads (entry + static imports) | ${kb(sizes.home.gzip)} gzip (${kb(sizes.home.raw)} raw) | ≤ ${HOME_JS_TARGET_KB} kB gzip | ${mark(homeOk)} |
${shell}
| Home page LCP, median of ${RUNS} cold loads | ${lcp ? `${Math.round(lcp.medianMs)} ms` : `not measured: no ${CHROMIUM}`} | ≤ ${LCP_TARGET_MS / 1000} s | ${lcp ? mark(lcpOk) : '—'} |

How: sizes are gzip level 9 (Node's zlib) of the files named in \`dist/index.html\` and
\`dist/.vite/manifest.json\`. Lazy (dynamic) imports are not counted for the home page: it paints
without the router, which it only prefetches on idle. LCP is the last
\`largest-contentful-paint\` entry (PerformanceObserver) of \`/\` served by the real server
(\`server/main.ts\`, embedded PGlite, temp data folder) on 127.0.0.1, in headless Chromium
(/usr/bin/chromium, 1280×720), a fresh browser per load, after one discarded warm-up load.

- Home JS files: ${sizes.home.files.map((f) => `\`${f}\``).join(', ')}
- Lazy chain to the control room shell: ${sizes.shellKeys.map((k) => `\`${k}\``).join(' → ') || 'none found'}
- LCP samples (ms): ${(lcp?.samples ?? []).map((s) => `${Math.round(s.ms)}${s.element ? ` (${s.element})` : ''}`).join(', ')}`;
    console.log(markdown);
    return { markdown, missed: (homeOk ? 0 : 1) + (lcp === null || lcpOk ? 0 : 1) };
  },
};
