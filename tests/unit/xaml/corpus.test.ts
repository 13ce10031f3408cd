// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findMainWorkflow } from '../../../src/domain/botPackages';
import {
  asExpected,
  CORPUS_DIR,
  filesOf,
  nupkgOf,
  projectOf,
  projectOfZip,
  runProject,
  zipOf,
  type Expected,
} from './corpusProject';

/**
 * The golden corpus: workflows written for this project as UiPath Studio and the WF designer
 * save them, each with the log lines, Out arguments or failure that .NET gives for it. A case is
 * a folder of tests/fixtures/xaml with its workflows and expected.json.
 */
const cases = readdirSync(CORPUS_DIR)
  .filter((name) => statSync(join(CORPUS_DIR, name)).isDirectory())
  .sort();

const expectedOf = (name: string): Expected =>
  JSON.parse(readFileSync(join(CORPUS_DIR, name, 'expected.json'), 'utf8')) as Expected;

/** The folder's main workflow by the packages' rule: project.json's `main`, else Main.xaml. */
function mainOf(files: ReadonlyMap<string, Uint8Array>): string {
  const found = findMainWorkflow([...files.keys()], (e) => {
    const bytes = files.get(e);
    return bytes === undefined ? null : strFromU8(bytes);
  });
  if (!found.ok) throw new Error(found.message);
  return found.main;
}

describe('XAML corpus', () => {
  it('has a case for each activity and expression form, each with a golden file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    for (const name of cases) expect(existsSync(join(CORPUS_DIR, name, 'expected.json')), name).toBe(true);
  });

  it.each(cases)('%s', async (name) => {
    const expected = expectedOf(name);
    const files = filesOf(join(CORPUS_DIR, name));
    const outcome = await runProject(projectOf(files, mainOf(files)), expected.args);
    expect(asExpected(outcome, expected)).toEqual(expected);
  });
});

describe('XAML corpus: a packaged project', () => {
  const name = 'project-package';
  const files = filesOf(join(CORPUS_DIR, name));

  it('runs from a zip of the project folder', async () => {
    const expected = expectedOf(name);
    const outcome = await runProject(projectOfZip(zipOf(files)), expected.args);
    expect(asExpected(outcome, expected)).toEqual(expected);
  });

  it('runs from a .nupkg whose project.json under lib/net45 names the main workflow', async () => {
    const expected = expectedOf(name);
    const outcome = await runProject(projectOfZip(nupkgOf(files, 'Invoice.Totals')), expected.args);
    expect(asExpected(outcome, expected)).toEqual(expected);
  });
});
