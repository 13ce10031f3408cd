import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importsOf } from './importGraph';
import {
  diskTree,
  importsBypassingEntry,
  importsLeavingLibrary,
  libraryCircles,
  memoryTree,
  packageOf,
  type LibraryLayout,
} from './libraryRules';

// agent/xaml is a library: one entry (api.ts), no imports out of it but node: built-ins and the
// packages the agent depends on, and no import circle among its modules (agent/xaml/README.md).

const ROOT = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const LAYOUT: LibraryLayout = {
  folder: 'agent/xaml',
  entry: 'agent/xaml/api.ts',
  packages: new Set(Object.keys(manifest.dependencies)),
};

describe('the import reader', () => {
  it('reads static, re-exported and dynamic imports, and tells the type-only ones', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C, type D } from './c';",
      "import { type E, f } from './e';",
      "export * from './g';",
      "export { h } from './h';",
      "export type { I } from './i';",
      'import {',
      '  j,',
      '  k,',
      "} from '../j';",
      "const l = await import('./l');",
      "type M = typeof import('./m');",
      "import './side';",
      'const s = "import { x } from \'./not-an-import\'";',
      "// import { y } from './comment'",
    ].join('\n');
    const refs = importsOf('/x/f.ts', text).map((r) => [r.specifier, r.typeOnly, r.line]);
    expect(refs).toEqual([
      ['./a', false, 1],
      ['./b', true, 2],
      ['./c', true, 3],
      ['./e', false, 4],
      ['./g', false, 5],
      ['./h', false, 6],
      ['./i', true, 7],
      ['../j', false, 8],
      ['./l', false, 12],
      ['./m', true, 13],
      ['./side', false, 14],
    ]);
  });

  it('names the package of a bare specifier', () => {
    expect(packageOf('hucre/xlsx')).toBe('hucre');
    expect(packageOf('@scope/name/deep')).toBe('@scope/name');
    expect(packageOf('fast-xml-parser')).toBe('fast-xml-parser');
  });
});

describe('the circle finder', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('finds no circle in a graph without one', () => {
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [], d: ['a'] }))).toEqual([]);
    expect(findCycles(graph({}))).toEqual([]);
  });

  it('finds a circle of two, a longer one and a module importing itself, each walked back to its start', () => {
    const cycles = findCycles(
      graph({ a: ['b'], b: ['a'], c: ['d'], d: ['e', 'x'], e: ['c'], s: ['s'], x: [], y: ['a'] }),
    );
    expect(cycles.map((c) => c.walk.join(' '))).toEqual(expect.arrayContaining(['a b a', 'c d e c', 's s']));
    expect(cycles).toHaveLength(3);
  });

  it('names every module of a set of circles, the walk showing one of them', () => {
    const [circle, ...others] = findCycles(graph({ a: ['b', 'c'], b: ['a'], c: ['d'], d: ['a'] }));
    expect(others).toEqual([]);
    expect(circle!.modules).toEqual(['a', 'b', 'c', 'd']);
    expect(circle!.walk).toEqual(['a', 'b', 'a']);
  });
});

describe('the library rules, on a small tree that breaks each of them', () => {
  const bad = memoryTree('/repo', {
    'agent/xaml/api.ts': "export { run } from './runner/run';",
    'agent/xaml/runner/run.ts': [
      "import { step } from './step';",
      "import { botName } from '../../../src/domain/bots';",
      "import { readFile } from 'node:fs/promises';",
      "import { XMLParser } from 'fast-xml-parser';",
      "import leftPad from 'left-pad';",
    ].join('\n'),
    'agent/xaml/runner/step.ts': "import type { Run } from './run';",
    'agent/workflow/child.ts': "import { run } from '../xaml/api';\nimport { step } from '../xaml/runner/step';",
    'scripts/bench/measure.ts': "const { run } = await import('../../agent/xaml/runner/run');",
    'src/domain/bots.ts': 'export const botName = 1;',
  });
  const layout: LibraryLayout = { ...LAYOUT, packages: new Set(['fast-xml-parser']) };

  it('reports the imports that leave the library', () => {
    expect(importsLeavingLibrary(bad, layout)).toEqual([
      "agent/xaml/runner/run.ts:2 '../../../src/domain/bots' (outside agent/xaml)",
      "agent/xaml/runner/run.ts:5 'left-pad' (not a dependency in package.json)",
    ]);
  });

  it('reports the imports from outside that pass by the entry', () => {
    expect(importsBypassingEntry(bad, layout)).toEqual([
      "agent/workflow/child.ts:2 '../xaml/runner/step' (not agent/xaml/api.ts)",
      "scripts/bench/measure.ts:1 '../../agent/xaml/runner/run' (not agent/xaml/api.ts)",
    ]);
  });

  it('reports a circle, of types too', () => {
    expect(libraryCircles(bad, layout)).toEqual([
      'agent/xaml/runner/run.ts → agent/xaml/runner/step.ts → agent/xaml/runner/run.ts',
    ]);
  });
});

describe('agent/xaml as the repository has it', () => {
  const tree = diskTree(ROOT, ['agent', 'server', 'src', 'scripts']);

  it('has its entry', () => {
    expect(tree.isFile(path.join(ROOT, LAYOUT.entry))).toBe(true);
  });

  it('imports nothing from outside but node: built-ins and its dependencies', () => {
    expect(importsLeavingLibrary(tree, LAYOUT)).toEqual([]);
  });

  it('is imported from agent/, server/, src/ and scripts/ through agent/xaml/api only', () => {
    expect(importsBypassingEntry(tree, LAYOUT)).toEqual([]);
  });

  it('has no import circle among its modules, type-only imports included', () => {
    expect(libraryCircles(tree, LAYOUT)).toEqual([]);
  });
});
