// Home page LCP in headless Chromium: the median of cold loads, each in a fresh browser so no
// HTTP cache, code cache or warmed renderer carries over from the previous load.
import { chromium } from '@playwright/test';

export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

// Runs in the page (a string, so the browser's globals stay out of this Node file's lint scope).
// The buffered observer returns every LCP candidate so far; the last one is the LCP. It waits
// until no new candidate arrives for 1 s, as LCP only settles once the page stops painting.
const READ_LCP = `new Promise((resolve) => {
  let last;
  let timer;
  const settle = () => { clearTimeout(timer); timer = setTimeout(() => resolve(last ? { ms: last.startTime, element: last.element ? last.element.tagName + (last.element.id ? '#' + last.element.id : '') : '' } : null), 1000); };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) last = e; settle(); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  settle();
})`;

async function oneLoad(url) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(READ_LCP);
  } finally {
    await browser.close();
  }
}

export async function measureLcp(url, runs = 5) {
  // One throwaway load first: the server's own first response (static file cache, JIT) is not
  // what a visitor's browser experiences as "cold".
  await oneLoad(url);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const r = await oneLoad(url);
    if (!r) throw new Error('no largest-contentful-paint entry was recorded');
    samples.push(r);
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], samples };
}
