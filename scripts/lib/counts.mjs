// Reads the json reports of vitest and Playwright into {passed, failed, skipped}.
// A runner that exited non-zero must never add up to "0 failed": a crash, a failed import or a
// config error leaves no failing test behind, so it is counted as one failure of its own.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';

/** Every failing test read so far, named, for the summary: a long log's tail must say which. */
export const failures = [];

/** Every test file read so far with the seconds it took, `{ step, file, seconds }`, for the slowest-files list. */
export const fileTimes = [];

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Guarantees a non-zero exit (or a missing report) shows up as at least one failure. */
function settle(counts, exitCode, hasReport) {
  if (!hasReport) {
    console.error('(runner left no report: counted as 1 failed)');
    return { passed: counts.passed, failed: Math.max(1, counts.failed), skipped: counts.skipped };
  }
  if (exitCode !== 0 && counts.failed === 0) {
    console.error(`(runner exited ${exitCode} with no failing test: counted as 1 failed)`);
    return { ...counts, failed: 1 };
  }
  return counts;
}

/** The failing tests of a vitest report as `file › test`, so the summary can name them. */
function vitestFailures(r) {
  return (r.testResults ?? []).flatMap((f) => {
    const file = relative(process.cwd(), f.name ?? '');
    const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (f.status === 'failed' && tests.length === 0) return [`${file} (did not load)`];
    return tests.map((t) => `${file} › ${t.fullName ?? t.title}`);
  });
}

/** The files' times that scripts/lib/fileTimesReporter.mjs wrote for a vitest step. */
export function readVitestFileTimes(step, file) {
  for (const t of readJson(file) ?? []) fileTimes.push({ step, file: t.file, seconds: t.seconds });
}

export function readVitestCounts(file, exitCode) {
  const r = readJson(file);
  if (!r) return settle({ passed: 0, failed: 0, skipped: 0 }, exitCode, false);
  for (const name of vitestFailures(r)) failures.push(name);
  // A file that fails to import has no tests but is a failed suite: count each such file.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  const counts = {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
  return settle(counts, exitCode, true);
}

/** Every test of a Playwright report's suites, however deep they nest. */
function* testsOf(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) yield* spec.tests ?? [];
    yield* testsOf(suite.suites);
  }
}

/** A spec file's time: the durations of all its tests' attempts added up (its worker's busy time). */
function playwrightFileTimes(step, suites) {
  for (const suite of suites) {
    let ms = 0;
    for (const t of testsOf([suite])) for (const res of t.results ?? []) ms += res.duration ?? 0;
    fileTimes.push({ step, file: join('tests/e2e', suite.file ?? suite.title ?? ''), seconds: ms / 1000 });
  }
}

/** How many attempts were retries: a run that needed one is reported, never hidden. */
export function playwrightRetries(file) {
  let retries = 0;
  for (const t of testsOf(readJson(file)?.suites)) retries += Math.max(0, (t.results ?? []).length - 1);
  return retries;
}

export function readPlaywrightCounts(file, exitCode, step = 'e2e') {
  const r = readJson(file);
  if (!r?.stats) return settle({ passed: 0, failed: 0, skipped: 0 }, exitCode, false);
  for (const name of playwrightFailures(r.suites ?? [], [])) failures.push(name);
  playwrightFileTimes(step, r.suites ?? []);
  const s = r.stats;
  const counts = {
    // A flaky test passed on retry: it passed, and the list reporter already showed the retry.
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length ?? 0),
    skipped: s.skipped ?? 0,
  };
  return settle(counts, exitCode, true);
}

/** Playwright's suites nest; a spec whose tests ended unexpected is named with its file. */
function playwrightFailures(suites, path) {
  return suites.flatMap((suite) => {
    const here = suite.title ? [...path, suite.title] : path;
    const own = (suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((t) => t.status === 'unexpected'))
      .map((spec) => [...here, spec.title].join(' › '));
    return [...own, ...playwrightFailures(suite.suites ?? [], here)];
  });
}
