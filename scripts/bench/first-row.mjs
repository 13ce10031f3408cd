// Time to a list's first row on a cold load: a signed-in user opens a list's address in a fresh
// browser (no HTTP cache, no code cache), and the clock runs from navigation start until the
// first data row is in the page. Also reports when the list's request started and ended, to
// tell the app's start-up (scripts, session check) from the request itself.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './lcp.mjs';

// The Super Admin of a fresh data folder (server/config.ts's defaults).
const ADMIN = { email: 'admin@rpa.local', password: 'Admin@123' };
export const FIRST_ROW_PATH = '/controlroom/user/view';
const LIST_REQUEST = '/api/user/all';

/** A data cell of a list's table. */
const ROW_SELECTOR = 'tbody tr td';

// Runs in the page before its scripts: notes the time the first data row appears.
const WATCH_ROWS = `(() => {
  const seen = () => document.querySelector(${JSON.stringify(ROW_SELECTOR)});
  new MutationObserver((_, observer) => {
    if (seen()) { window.__firstRowAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})()`;

async function signIn(url) {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()).payload;
}

async function oneLoad(url, login) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The session as the login page leaves it in localStorage (src/authProvider/session.ts).
    const session = {
      token: login.token,
      session: JSON.stringify(login.user),
      isFirstLogin: String(login.isFirstLogin),
      lastActivity: String(Date.now()),
    };
    await page.addInitScript(
      `for (const [k, v] of Object.entries(${JSON.stringify(session)})) localStorage.setItem(k, v);`,
    );
    await page.addInitScript(WATCH_ROWS);
    await page.goto(`${url}${FIRST_ROW_PATH}`, { waitUntil: 'commit' });
    await page.waitForSelector(ROW_SELECTOR, { timeout: 30_000 });
    return await page.evaluate(`(() => {
      const list = performance.getEntriesByType('resource').find((e) => e.name.includes(${JSON.stringify(LIST_REQUEST)}));
      return { ms: window.__firstRowAt, requestStart: list ? list.startTime : null, requestEnd: list ? list.responseEnd : null };
    })()`);
  } finally {
    await browser.close();
  }
}

/** Median of `runs` cold loads, after one discarded warm-up load (the server's own first answers). */
export async function measureFirstRow(url, runs = 5) {
  const login = await signIn(url);
  await oneLoad(url, login);
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await oneLoad(url, login));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    medianMs: median(samples.map((s) => s.ms)),
    requestStartMs: median(samples.map((s) => s.requestStart ?? Number.NaN)),
    samples,
  };
}

// Standalone: `node scripts/bench/first-row.mjs http://127.0.0.1:3000 [runs]` against a running server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url = 'http://127.0.0.1:3000', runs = '5'] = process.argv.slice(2);
  const r = await measureFirstRow(url, Number(runs));
  console.log(
    JSON.stringify({
      medianMs: Math.round(r.medianMs),
      requestStartMs: Math.round(r.requestStartMs),
      samples: r.samples.map((s) =>
        Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v === null ? null : Math.round(v)])),
      ),
    }),
  );
}
