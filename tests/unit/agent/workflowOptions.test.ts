import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_NODE_OPTIONS } from '../../../agent/workflow/messages';

/** The list the benchmark writes out for itself (it is plain JavaScript and imports no agent code). */
function benchOptions(): string[] {
  const source = readFileSync(new URL('../../../scripts/bench/xaml.mjs', import.meta.url), 'utf8');
  const listed = /const WORKFLOW_NODE_OPTIONS = \[([^\]]*)\]/.exec(source)?.[1];
  if (listed === undefined) throw new Error('scripts/bench/xaml.mjs names no WORKFLOW_NODE_OPTIONS');
  return [...listed.matchAll(/'([^']*)'/g)].map((m) => m[1]);
}

describe("a workflow process's Node options", () => {
  it('are options this Node starts with (a misspelt one would stop every workflow process)', () => {
    const printed = execFileSync(process.execPath, [...WORKFLOW_NODE_OPTIONS, '-e', 'console.log("started")'], {
      encoding: 'utf8',
    });
    expect(printed.trim()).toBe('started');
  });

  it('are the ones the XAML benchmark measures with', () => {
    expect(benchOptions()).toEqual([...WORKFLOW_NODE_OPTIONS]);
  });
});
