import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '../../../src/domain/botPackages';
import { boundedResult, LOG_LINE_MAX, RESULT_MAX_ENTRIES } from '../../../src/domain/agentProtocol';
import { projectIn } from '../../../agent/workflow/project';
import { outcomeOfWorkflow } from '../../../agent/workflow/parent';
import { readFromChild } from '../../../agent/workflow/messages';
import { WorkflowLoadError } from '../../../agent/xaml/runner/api';

const folders: string[] = [];
const folderWith = (name: string, content: Uint8Array | string): string => {
  const folder = mkdtempSync(path.join(tmpdir(), 'wf-project-'));
  folders.push(folder);
  writeFileSync(path.join(folder, name), content);
  return folder;
};
const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));

afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

describe("the workflow child's project", () => {
  it('a single .xaml is its own main workflow', () => {
    const folder = folderWith('Greeter.xaml', '<Activity/>');
    const { files: project, root } = projectIn(folder, 'Greeter.xaml');
    expect(root).toBe(folder);
    expect(project.main).toBe('Greeter.xaml');
    expect(project.read('greeter.XAML')).toBe('<Activity/>');
    expect(project.read('Other.xaml')).toBeNull();
  });

  it("a .nupkg is unzipped in place: its project folder is project.json's, invoked files are found as Windows names them", () => {
    const folder = folderWith(
      'Invoices.1.0.0.nupkg',
      zip({
        'lib/net45/project.json': '{"main":"Start.xaml"}',
        'lib/net45/Start.xaml': '<Activity x:Class="Start"/>',
        'lib/net45/Invokes/Error Handling/Get Flag.xaml': '<Activity x:Class="GetFlag"/>',
      }),
    );
    const { files: project, root } = projectIn(folder, 'Invoices.1.0.0.nupkg');
    // The project folder is project.json's: what the workflows name is relative to it.
    expect(root).toBe(path.join(folder, 'lib', 'net45'));
    expect(project.main).toBe('Start.xaml');
    expect(project.read('Invokes\\Error Handling\\get flag.xaml')).toBe('<Activity x:Class="GetFlag"/>');
    expect(project.read('lib/net45/Start.xaml')).toBeNull();
    // The package itself is gone: the folder holds the project only.
    expect(readdirSync(folder)).toEqual(['lib']);
  });

  it('a zip without project.json needs Main.xaml at its root', () => {
    const folder = folderWith('project.zip', zip({ 'Other.xaml': '<Activity/>' }));
    expect(() => projectIn(folder, 'project.zip')).toThrow(new WorkflowLoadError(PACKAGE_MESSAGES.noMain));
  });

  it('refuses a package with an entry outside its folder, and writes nothing of it', () => {
    const folder = folderWith('evil.zip', zip({ 'Main.xaml': '<Activity/>', '../escaped.txt': 'x' }));
    expect(() => projectIn(folder, 'evil.zip')).toThrow(/\.\.\/escaped\.txt is outside the project folder/);
    expect(existsSync(path.join(folder, 'Main.xaml'))).toBe(false);
    expect(existsSync(path.join(path.dirname(folder), 'escaped.txt'))).toBe(false);
  });

  it('refuses a file that is not a zip', () => {
    const folder = folderWith('broken.nupkg', 'not a zip');
    expect(() => projectIn(folder, 'broken.nupkg')).toThrow(PACKAGE_MESSAGES.notZip);
  });
});

describe("a workflow's end as the run's outcome", () => {
  it('completed: executed with its result, bounded', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`out_${i}`, 'v']));
    const outcome = outcomeOfWorkflow({ outcome: 'completed', result: { ...many, out_0: 'x'.repeat(5000) } }, 'code 0');
    expect(outcome.status).toBe(2);
    expect(Object.keys(outcome.result ?? {})).toHaveLength(RESULT_MAX_ENTRIES);
    expect(outcome.result?.out_0).toBe(`${'x'.repeat(LOG_LINE_MAX)} …[cut]`);
  });

  it('an uncaught exception: failed, `Type: message` as Reason and last line; a load error: its message', () => {
    expect(outcomeOfWorkflow({ outcome: 'failure', exceptionType: 'IOException', message: 'Disk full' }, '')).toEqual({
      status: 3,
      reason: 'IOException: Disk full',
      lastLine: { stream: 'stderr', level: 'Error', text: 'IOException: Disk full' },
    });
    expect(outcomeOfWorkflow({ outcome: 'loadError', message: 'Activity ui:Click …' }, '').reason).toBe(
      'Activity ui:Click …',
    );
  });

  it('no end at all: the child crashed, said with how it ended', () => {
    expect(outcomeOfWorkflow(null, 'signal SIGSEGV').reason).toBe(
      'The workflow runner ended unexpectedly (signal SIGSEGV)',
    );
  });

  it('ignores a malformed message from the child', () => {
    expect(readFromChild({ type: 'log', level: 'Loud', text: 'x' })).toBeNull();
    expect(readFromChild('end')).toBeNull();
    expect(readFromChild({ type: 'log', level: 'Warn', text: 'x' })).toEqual({ type: 'log', level: 'Warn', text: 'x' });
    expect(boundedResult({ a: 'b' })).toEqual({ a: 'b' });
  });
});
