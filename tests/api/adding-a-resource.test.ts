import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/adding-a-resource.md, followed literally: in a copy of the repository (its sources; its
 * node_modules linked), each code block the doc marks `new file: <path>` is written to that path
 * and each block marked `add to <path> after the line: <line>` is inserted after that line; then
 * `npm run db:generate -- --name <name>` runs as the doc says, and the copy's own checks of the
 * added resource (tests/api/added-resource.test.ts), its expectation test and its permission test
 * run there. The doc's promise that these four files, the resource's row of expected permissions
 * and the migration are all a plain resource takes is what passes.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
/** What is not a source: dependencies, builds, data, test output. */
const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  'data',
  'dist',
  'dist-server',
  '.tmp',
  'test-results',
  'playwright-report',
]);

interface Step {
  file: string;
  /** The line the block goes after; none: the block is a new file. */
  after?: string;
  text: string;
}

/** The marked code blocks of the doc, in its order. */
function stepsOf(doc: string): Step[] {
  const marked = /<!-- (?:new file: (\S+)|add to (\S+) after the line: (.+?)) -->\n```\w*\n([\s\S]*?)```/g;
  return [...doc.matchAll(marked)].map(([, created, changed, after, text]) =>
    created ? { file: created, text } : { file: changed, after, text },
  );
}

function apply(root: string, step: Step): void {
  const file = path.join(root, step.file);
  if (step.after === undefined) {
    if (existsSync(file)) throw new Error(`${step.file} exists already: the doc's new file would replace it`);
    writeFileSync(file, step.text);
    return;
  }
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.trim() === step.after?.trim());
  if (at < 0) throw new Error(`${step.file} has no line "${step.after}" to add the doc's block after`);
  lines.splice(at + 1, 0, ...step.text.replace(/\n$/, '').split('\n'));
  writeFileSync(file, lines.join('\n'));
}

/** The vitest projects (vitest.config.ts): the DOM-less unit tests, the screens' tests, the API tests. */
type Project = 'unit' | 'web' | 'api';

/** The hand-written expectation table: the doc's row of it is added once the test has failed without. */
const EXPECTATIONS = 'tests/permissionExpectations.ts';

/** Runs test files of vitest projects in the copy; answers whether they passed, and their output. */
const vitestIn = (root: string, projects: readonly Project[], files: string[]) =>
  run('npx', ['vitest', 'run', ...projects.flatMap((project) => ['--project', project]), ...files], {
    cwd: root,
    env: { ...process.env, ADDED_RESOURCE_CHECK: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (r) => ({ passed: true, output: `${r.stdout}${r.stderr}` }),
    (error: { stdout?: string; stderr?: string }) => ({
      passed: false,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );

/** The copy's expectation test. */
const expectationTest = (root: string) =>
  vitestIn(root, ['unit'], ['tests/unit/domain/permissionExpectations.test.ts']);

/**
 * The tests every added resource meets without being named in them: the catalogues (a label for
 * the resource and each of its fields, `id` included, in both languages), the domain's menu and
 * declaration checks, the sidebar's role rules, and the tables against the committed migrations.
 */
const WHOLE_FILES: readonly { projects: readonly Project[]; files: string[] }[] = [
  {
    projects: ['unit', 'web'],
    files: ['tests/unit/i18n/catalogues.test.ts', 'tests/unit/domain', 'tests/unit/web/sidebarRoles.test.tsx'],
  },
  { projects: ['api'], files: ['tests/api/tables.test.ts'] },
];

/** Runs a command in the copy; answers its output, or fails with it. */
async function inCopy(root: string, command: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`);
  }
}

describe('docs/adding-a-resource.md', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'rpa-adding-a-resource-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('adds a resource with four files, its expected permissions and a migration, as the tests in the copy prove', async () => {
    const steps = stepsOf(readFileSync(path.join(ROOT, 'docs/adding-a-resource.md'), 'utf8'));
    const files = [...new Set(steps.map((s) => s.file))];
    expect(files).toEqual([
      'src/domain/declarations/holidays.ts',
      'src/domain/declarations/registry.ts',
      'i18n/en/resources.ts',
      'i18n/fr/resources.ts',
      EXPECTATIONS,
    ]);
    for (const entry of readdirSync(ROOT)) {
      if (!NOT_COPIED.has(entry)) cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const step of steps) if (step.file !== EXPECTATIONS) apply(copy, step);

    // Declared but without its row of expected permissions, the resource fails the expectation
    // test, which says where to write it; with the doc's row, it passes.
    const without = await expectationTest(copy);
    expect(without.passed, without.output).toBe(false);
    expect(without.output).toContain(
      `No expectation row for holidays: add one to the expectation table in ${EXPECTATIONS}`,
    );
    for (const step of steps) if (step.file === EXPECTATIONS) apply(copy, step);
    const withRow = await expectationTest(copy);
    expect(withRow.passed, withRow.output).toBe(true);

    const migrations = path.join(copy, 'server/db/migrations');
    const before = new Set(readdirSync(migrations));
    const generated = await inCopy(copy, 'npm', ['run', 'db:generate', '--', '--name', 'holidays']);
    const written = readdirSync(migrations).filter((f) => !before.has(f));
    expect(written, generated).toHaveLength(1);
    expect(written[0]).toMatch(/^\d{4}_holidays\.sql$/);
    expect(readFileSync(path.join(migrations, written[0]), 'utf8')).toContain('CREATE TABLE "holidays"');
    // Nothing left to generate: the migration makes the derived table.
    expect(await inCopy(copy, 'npm', ['run', 'db:generate', '--', '--name', 'again'])).toContain('No schema changes');

    for (const { projects, files: tests } of WHOLE_FILES) {
      const outcome = await vitestIn(copy, projects, tests);
      expect(outcome.passed, outcome.output.slice(-6000)).toBe(true);
    }

    // The doc's blocks are code as the repository wants it: formatted and typed.
    await inCopy(copy, 'npx', ['prettier', '--check', ...files]);
    // The written files and what they import, with the project's compiler options.
    const typed = await run(
      'npx',
      ['tsc', '--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', '--module', 'ESNext'].concat([
        '--moduleResolution',
        'bundler',
        '--types',
        'node',
        ...files,
      ]),
      { cwd: copy },
    ).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    expect(typed.split('\n').filter((line) => files.some((file) => line.startsWith(file)))).toEqual([]);

    const report = path.join(copy, 'added-resource.json');
    const tested = await run(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'api',
        '--reporter=json',
        `--outputFile=${report}`,
        // The permission test's cases of the new routes and of its expectations, and its check
        // that it covers every route.
        '--testNamePattern=the resource added as|/holiday/|expectation table: holidays|covers every authenticated route',
        'tests/api/added-resource.test.ts',
        'tests/api/permissions.test.ts',
      ],
      { cwd: copy, env: { ...process.env, ADDED_RESOURCE_CHECK: '1' }, maxBuffer: 64 * 1024 * 1024 },
    ).then(
      () => '',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(existsSync(report), tested).toBe(true);
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: {
        name: string;
        message?: string;
        assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
      }[];
    };
    // The added resource's own checks, and the permission test's cases of its routes (the other
    // cases are the permission test's own business in the repository).
    const ours = (file: string, test: string) =>
      file.endsWith('added-resource.test.ts') ||
      /\/holiday\/|expectation table: holidays|covers every authenticated route/.test(test);
    const outcomes = results.testResults.flatMap((file) => [
      ...(file.message ? [`${path.basename(file.name)}: ${file.message}`] : []),
      ...file.assertionResults
        .filter((a) => ours(file.name, a.fullName))
        .map((a) => `${a.fullName}: ${a.status} ${a.failureMessages.join('\n').slice(0, 2000)}`.trim()),
    ]);
    expect(outcomes.filter((outcome) => !outcome.endsWith(': passed'))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.includes('/holiday/'))).toEqual(
      [
        'GET /holiday/all',
        'GET /holiday/names',
        'GET /holiday/details/:id',
        'POST /holiday/create',
        'PUT /holiday/update/:id',
        'DELETE /holiday/delete/:id',
      ].map((route) => `permissions of every route ${route}: passed`),
    );
    expect(outcomes).toContain('permissions of every route covers every authenticated route of the API: passed');
    expect(outcomes).toContain('permissions of every route expectation table: holidays: passed');
    expect(outcomes.length).toBeGreaterThan(8);
  }, 400_000);
});
