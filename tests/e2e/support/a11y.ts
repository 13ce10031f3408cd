import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/** Impacts that fail a test; 'minor' and 'moderate' findings are left to review. */
const FAILING = new Set(['serious', 'critical']);

/** How long a screen may keep animating (MUI transitions) before it is checked anyway. */
const SETTLE_MS = 2_000;

type Finding = { rule: string; impact: string; help: string; url: string; targets: string[] };

/**
 * The reasons a check can end that only mean the screen is gone (the test moved on, or closed
 * the page or its browser context); the next screen is checked on its own navigation or at the
 * end of the test.
 */
const GONE =
  /Execution context was destroyed|Target page, context or browser has been closed|Target closed|frame was detached|Failed to find browser context|navigat/i;

/** How long a failed check waits for the navigation that may have caused it to be reported. */
const NAVIGATION_EVENT_MS = 2_000;

/** How long one check may take: a page held by a browser dialog never answers axe's scripts. */
const CHECK_MS = 30_000;

/**
 * A check that has not ended in CHECK_MS is given up, so the test's teardown never waits past
 * its own timeout for a screen that cannot be read; the screens checked before it still count.
 */
function bounded(check: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CHECK_MS);
  });
  return Promise.race([check, limit]).finally(() => clearTimeout(timer));
}

/** Waits (a bounded time) until no transition or animation of the page is running. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: SETTLE_MS,
    })
    .catch(() => undefined);
}

/**
 * The WCAG 2.0, 2.1 and 2.2 level A and AA rules, and axe's best practices. Without tags axe runs
 * every rule it enables by default, each of which carries one of these tags; naming them adds the
 * WCAG rules axe leaves off by default (target-size, WCAG 2.2 AA).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * The rules of those WCAG levels that axe marks experimental, and so skips even when their tag is
 * named; among them label-content-name-mismatch (a control's name contains its visible text).
 */
const EXPERIMENTAL_WCAG = Object.fromEntries(
  ['css-orientation-lock', 'label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'td-has-header'].map(
    (id) => [id, { enabled: true }],
  ),
);

/**
 * axe-core over the page. Two kinds of spinner are left out of the check, on purpose.
 * react-admin's app-bar loader cannot be named (LoadingIndicator's props offer no aria-label).
 * A spinner inside a button (react-admin's SaveButton, the row actions) only stands for that
 * button's busy state, and the button keeps its own name; SaveButton offers no way to name its
 * spinner. Every other spinner of the app carries a name and is checked.
 */
function scan(page: Page): AxeBuilder {
  return (
    new AxeBuilder({ page })
      // axe.run in the page itself, rather than a partial run per frame finished in a new blank
      // page: the same rules and results for an app without frames (it has none), for one
      // injection of axe instead of two and no page opened per check.
      .setLegacyMode()
      // Only violations are read: axe then gathers no node lists of the rules a screen passes.
      .options({ rules: EXPERIMENTAL_WCAG, resultTypes: ['violations'] })
      .withTags(TAGS)
      .exclude('.RaLoadingIndicator-loader')
      .exclude('.MuiButtonBase-root .MuiCircularProgress-root')
  );
}

type ScreenFinding = Omit<Finding, 'targets'> & { target: string };

/**
 * The findings of every screen this worker has checked, by what the screen showed: its address,
 * viewport, scroll position and whole markup. The app's styles are emotion classes named after
 * their rules, so the same markup is drawn the same way, and axe finds the same on it: a screen
 * shown again (the sign-in page, a list a test returns to) gives the test its findings again
 * without reading it again.
 */
const checkedScreens = new Map<string, ScreenFinding[]>();

/** A digest of what the page shows (crypto.subtle: 127.0.0.1 is a secure context). */
function screenOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const shown = [location.href, innerWidth, innerHeight, scrollX, scrollY, document.documentElement.outerHTML];
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(shown.join('\n')));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  });
}

/**
 * Runs axe-core on every screen the watched pages show: after each main-frame navigation
 * (full loads and the app's own route changes) and once more at the end of the test.
 * Checks run off the test's own path, so the test is not slowed by them; while a check runs,
 * further navigations of that page fold into one check of the screen it then shows.
 */
export class AccessibilityWatch {
  private readonly findings = new Map<string, Finding>();
  private readonly pages = new Set<Page>();
  /** Each page's chain of checks; pages are checked side by side, each page's screens in order. */
  private readonly chains = new Map<Page, Promise<void>>();
  /** Pages with a check queued but not started: that check will see the newest screen anyway. */
  private readonly pending = new Set<Page>();
  /** Main-frame navigations seen per page: a check that fails after one read a screen now gone. */
  private readonly navigations = new Map<Page, number>();

  /** Checks every page the context opens from now on. */
  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }

  watch(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.navigations.set(page, (this.navigations.get(page) ?? 0) + 1);
      this.schedule(page);
    });
    page.on('close', () => this.pages.delete(page));
  }

  /** Checks the screens still open, waits for the pending checks, and describes what failed. */
  async finish(): Promise<string | null> {
    for (const page of this.pages) this.schedule(page);
    await Promise.all(this.chains.values());
    if (this.findings.size === 0) return null;
    const lines = [...this.findings.values()].map(
      (f) => `- ${f.rule} (${f.impact}) on ${f.url}: ${f.help}\n    ${f.targets.join('\n    ')}`,
    );
    return `Accessibility: ${this.findings.size} serious or critical axe-core violation(s)\n${lines.join('\n')}`;
  }

  private schedule(page: Page): void {
    if (this.pending.has(page)) return;
    this.pending.add(page);
    const previous = this.chains.get(page) ?? Promise.resolve();
    this.chains.set(
      page,
      previous.then(() => {
        this.pending.delete(page);
        return bounded(this.check(page));
      }),
    );
  }

  /** Whether the page has navigated since `navigation`, waiting up to NAVIGATION_EVENT_MS for it. */
  private async movedOn(page: Page, navigation: number): Promise<boolean> {
    const deadline = Date.now() + NAVIGATION_EVENT_MS;
    while (Date.now() < deadline) {
      if ((this.navigations.get(page) ?? 0) !== navigation || page.isClosed()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (this.navigations.get(page) ?? 0) !== navigation || page.isClosed();
  }

  private async check(page: Page): Promise<void> {
    const url = page.url();
    const navigation = this.navigations.get(page) ?? 0;
    if (page.isClosed() || !/^https?:/.test(url)) return;
    try {
      await page.waitForLoadState('load');
      await settle(page);
      const shown = await screenOf(page);
      const known = checkedScreens.get(shown);
      if (known) {
        this.add(known);
        return;
      }
      const found = await this.read(page, url, navigation);
      if (!found) return;
      // What was read is kept for this screen only if the screen did not change while axe read it.
      if ((await screenOf(page)) === shown) checkedScreens.set(shown, found);
      this.add(found);
    } catch (err) {
      if (err instanceof Error && GONE.test(err.message)) return;
      // The page navigated while axe read it (its injected script went with the old document, so
      // its calls fail however they fail): the new screen has a check of its own. The failure can
      // reach here before the navigation's event does, so the event is waited for a moment.
      if (await this.movedOn(page, navigation)) return;
      throw err;
    }
  }

  /** axe-core's failing findings on the screen shown; null when the page moved on meanwhile. */
  private async read(page: Page, url: string, navigation: number): Promise<ScreenFinding[] | null> {
    const results = await scan(page).analyze();
    // The page navigated while axe read it: what it read is half one screen and half the
    // next, and the screen now shown has a check of its own.
    if ((this.navigations.get(page) ?? 0) !== navigation) return null;
    // The test goes on while axe reads the screen, so a menu or dialog it opens meanwhile can
    // be read half-drawn. A contrast finding counts only if a second look, once the screen
    // is still and the page has not moved on, finds the same elements.
    const contrast = results.violations.find((v) => v.id === 'color-contrast');
    if (contrast) {
      await settle(page);
      const again = page.url() === url ? await scan(page).withRules(['color-contrast']).analyze() : null;
      const seen = new Set(again?.violations.flatMap((v) => v.nodes.map((n) => n.target.map(String).join(' >> '))));
      contrast.nodes = contrast.nodes.filter((n) => seen.has(n.target.map(String).join(' >> ')));
    }
    const path = new URL(results.url).pathname;
    return results.violations.flatMap((violation) => {
      const impact = violation.impact ?? 'unknown';
      if (!FAILING.has(impact)) return [];
      return violation.nodes.map((node) => ({
        rule: violation.id,
        impact,
        help: violation.help,
        url: path,
        target: node.target.map(String).join(' >> '),
      }));
    });
  }

  private add(found: ScreenFinding[]): void {
    for (const { target, ...about } of found) {
      const key = `${about.rule} ${about.url}`;
      const finding = this.findings.get(key) ?? { ...about, targets: [] };
      if (!finding.targets.includes(target)) finding.targets.push(target);
      this.findings.set(key, finding);
    }
  }
}
