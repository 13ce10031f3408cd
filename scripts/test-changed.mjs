// `npm run test:changed`: the unit, screen and API tests related to the files changed since `main`
// (committed on this branch, changed in the work tree, or new), on embedded PGlite. The inner
// loop while working; `npm test` stays the gate. `-- --list` prints the files it would run.
//
// Related means: a changed test file itself; a test file that imports a changed file, directly or
// through other modules, but not through the app's wiring (server/app.ts registers every
// capability and src/app/router.tsx every screen, so through them every test would import every
// file); and a test file named after the changed file's capability (server/scheduler/… →
// scheduler*, schedules*; src/resources/bots/… → bot*).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['src', 'server', 'agent', 'i18n', 'tests', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];
/** The modules that wire everything: what they import is not followed. */
const WIRING = new Set(['server/app.ts', 'src/app/router.tsx', 'src/resources/index.ts', 'src/resources/lazy.ts']);
/** Folders whose subfolders are capabilities, named as their tests are. */
const CAPABILITY_ROOTS = ['server', 'src/resources', 'src/custom', 'agent'];
const TEST_FILE = /^tests\/(unit|api)\/.*\.test\.tsx?$/;

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n')
    .filter(Boolean);

/** Where the change began: where HEAD left `main` (or origin/main); without either, HEAD (the work tree's changes). */
function baseCommit() {
  for (const branch of ['main', 'origin/main']) {
    try {
      return git('merge-base', 'HEAD', branch)[0];
    } catch {
      // No such branch here: try the next.
    }
  }
  console.log('No main branch here: the changes of the work tree against HEAD.');
  return 'HEAD';
}

function changedFiles() {
  const base = baseCommit();
  const files = new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]);
  return [...files].filter((file) => existsSync(join(root, file)));
}

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(path);
      } else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
        files.push(path);
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(dir);
  return files;
}

/** The repository file an import specifier names, or undefined (a package, or not found). */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const stem = base.replace(/\.(m?js)$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((file) => existsSync(join(root, file)) && statSync(join(root, file)).isFile());
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)['"]([^'"]+)['"]/g;

/** Who imports whom: for each file, the files that import it (wiring modules import nothing here). */
function importers(files) {
  const by = new Map();
  for (const file of files) {
    if (WIRING.has(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      if (!by.has(target)) by.set(target, new Set());
      by.get(target).add(file);
    }
  }
  return by;
}

/** The stem a capability's tests are named by: scheduler → schedul, bots → bot, mailbox → mailbox. */
function capabilityStem(file) {
  for (const rootDir of CAPABILITY_ROOTS) {
    const rest = relative(rootDir, file);
    if (rest.startsWith('..') || !rest.includes('/')) continue;
    const name = rest.split('/')[0].toLowerCase();
    const stem = name.replace(/(er|s)$/, '');
    return stem.length >= 3 ? stem : undefined;
  }
  return undefined;
}

function relatedTests(changed, files) {
  const by = importers(files);
  const tests = files.filter((file) => TEST_FILE.test(file));
  const found = new Set();
  const unmatched = [];
  for (const file of changed) {
    const own = new Set();
    if (TEST_FILE.test(file)) own.add(file);
    const seen = new Set([file]);
    const queue = [file];
    while (queue.length > 0) {
      for (const importer of by.get(queue.pop()) ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        if (TEST_FILE.test(importer)) own.add(importer);
        queue.push(importer);
      }
    }
    const stem = capabilityStem(file);
    if (stem) for (const test of tests) if (basename(test).toLowerCase().startsWith(stem)) own.add(test);
    if (own.size === 0 && EXTENSIONS.some((ext) => file.endsWith(ext)) && !file.startsWith('tests/e2e/')) {
      unmatched.push(file);
    }
    for (const test of own) found.add(test);
  }
  return { tests: [...found].sort(), unmatched };
}

const changed = changedFiles();
const { tests, unmatched } = relatedTests(changed, sourceFiles());
const listOnly = process.argv.includes('--list');
console.log(`${changed.length} file(s) changed since main; ${tests.length} related test file(s).`);
if (unmatched.length > 0) {
  console.log(`No test found through imports or names for: ${unmatched.join(', ')} (npm test covers them).`);
}
const e2e = changed.filter((file) => /^tests\/e2e\/.*\.spec\.ts$/.test(file));
if (e2e.length > 0) console.log(`Changed e2e files (not run here): npx playwright test ${e2e.join(' ')}`);
if (listOnly || tests.length === 0) {
  for (const test of tests) console.log(`  ${test}`);
  process.exit(0);
}
const env = { ...process.env };
// The inner loop runs on embedded PGlite only; `npm test` runs PostgreSQL too.
delete env.TEST_DATABASE_URL;
delete env.TEST_REDIS_URL;
const projects = ['unit', 'web', 'api'].flatMap((project) => ['--project', project]);
const child = spawn('npx', ['vitest', 'run', ...projects, ...tests], { cwd: root, env, stdio: 'inherit' });
child.on('close', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
