import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findCycles, importsOf, isRelative, resolveRelative, type ImportRef } from './importGraph';

/**
 * The rules that keep agent/xaml a library, checked on a tree of source files (the repository, or
 * a small one in memory for the checks' own tests):
 * - a file of the library imports only files of the library, `node:` built-ins and the packages
 *   package.json lists as dependencies (what the agent has at run time);
 * - a file outside it imports the library through its entry (agent/xaml/api.ts) only;
 * - the library's modules form no import circle. Every reference counts, `import type` too: a
 *   circle of types only loads nothing twice, but the library keeps none, so that no module needs
 *   another that needs it back to be understood or moved.
 */

export interface SourceTree {
  /** The repository's folder; messages name files relative to it. */
  readonly root: string;
  /** The source files to check, absolute paths. */
  readonly files: readonly string[];
  read(file: string): string;
  isFile(file: string): boolean;
}

/** Where the library is and what it may use, relative to the tree's root. */
export interface LibraryLayout {
  /** The library's folder, e.g. `agent/xaml`. */
  readonly folder: string;
  /** Its one entry, e.g. `agent/xaml/api.ts`. */
  readonly entry: string;
  /** The packages its files may import (package.json's dependencies). */
  readonly packages: ReadonlySet<string>;
}

/** The package a bare specifier names: `hucre/xlsx` → `hucre`, `@scope/name/x` → `@scope/name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const within = (file: string, folder: string): boolean => file.startsWith(folder + path.sep);

// Each file is parsed once per tree, however many rules read it.
const parsed = new WeakMap<SourceTree, Map<string, ImportRef[]>>();

function refsOf(tree: SourceTree, file: string): ImportRef[] {
  let byFile = parsed.get(tree);
  if (!byFile) parsed.set(tree, (byFile = new Map()));
  let refs = byFile.get(file);
  if (!refs) byFile.set(file, (refs = importsOf(file, tree.read(file))));
  return refs;
}

/** Each import of a library file that leaves the library, as `file:line 'specifier' (why)`. */
export function importsLeavingLibrary(tree: SourceTree, layout: LibraryLayout): string[] {
  const folder = path.join(tree.root, layout.folder);
  const found: string[] = [];
  for (const file of tree.files.filter((f) => within(f, folder))) {
    for (const ref of refsOf(tree, file)) {
      const at = `${path.relative(tree.root, file)}:${ref.line} '${ref.specifier}'`;
      if (ref.specifier.startsWith('node:')) continue;
      if (!isRelative(ref.specifier)) {
        if (!layout.packages.has(packageOf(ref.specifier))) found.push(`${at} (not a dependency in package.json)`);
        continue;
      }
      const target = resolveRelative(file, ref.specifier, tree.isFile);
      if (target === null) found.push(`${at} (no such file)`);
      else if (!within(target, folder)) found.push(`${at} (outside ${layout.folder})`);
    }
  }
  return found;
}

/** Each import of a library file from outside the library that does not go through its entry. */
export function importsBypassingEntry(tree: SourceTree, layout: LibraryLayout): string[] {
  const folder = path.join(tree.root, layout.folder);
  const entry = path.join(tree.root, layout.entry);
  const found: string[] = [];
  for (const file of tree.files.filter((f) => !within(f, folder))) {
    // Only a file that names the library's folder can import it: the others are not parsed.
    if (!tree.read(file).includes(path.basename(folder))) continue;
    for (const ref of refsOf(tree, file)) {
      if (!isRelative(ref.specifier)) continue;
      const target = resolveRelative(file, ref.specifier, tree.isFile);
      if (target !== null && within(target, folder) && target !== entry)
        found.push(`${path.relative(tree.root, file)}:${ref.line} '${ref.specifier}' (not ${layout.entry})`);
    }
  }
  return found;
}

/** The library's modules, each with the library modules it references (relative paths). */
export function libraryGraph(tree: SourceTree, layout: LibraryLayout): Map<string, string[]> {
  const folder = path.join(tree.root, layout.folder);
  const graph = new Map<string, string[]>();
  for (const file of tree.files.filter((f) => within(f, folder))) {
    const targets = refsOf(tree, file)
      .filter((ref) => isRelative(ref.specifier))
      .map((ref) => resolveRelative(file, ref.specifier, tree.isFile))
      .filter((t): t is string => t !== null && within(t, folder))
      .map((t) => path.relative(tree.root, t));
    graph.set(path.relative(tree.root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The library's import circles, each as `a → b → a`, and the other modules of its set if any. */
export function libraryCircles(tree: SourceTree, layout: LibraryLayout): string[] {
  return findCycles(libraryGraph(tree, layout)).map(({ modules, walk }) => {
    const others = modules.filter((m) => !walk.includes(m));
    return walk.join(' → ') + (others.length > 0 ? ` (in a circle with ${others.join(', ')} too)` : '');
  });
}

/** The source files (.ts, .tsx, .mts, .mjs) under a folder, recursively, skipping node_modules. */
function sourceFilesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(folder)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFilesUnder(full));
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The repository's sources under the given folders, read from disk. */
export function diskTree(root: string, folders: readonly string[]): SourceTree {
  return {
    root,
    files: folders.flatMap((f) => sourceFilesUnder(path.join(root, f))).sort(),
    read: (file) => readFileSync(file, 'utf8'),
    isFile: (file) => existsSync(file) && statSync(file).isFile(),
  };
}

/** A tree of files held in memory, by path relative to `root`. */
export function memoryTree(root: string, files: Record<string, string>): SourceTree {
  const byPath = new Map(Object.entries(files).map(([p, text]) => [path.join(root, p), text]));
  return {
    root,
    files: [...byPath.keys()].sort(),
    read: (file) => byPath.get(file) ?? '',
    isFile: (file) => byPath.has(file),
  };
}
