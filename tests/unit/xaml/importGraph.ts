import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of TypeScript sources, read with the TypeScript parser (not patterns), for the
 * rules agent/xaml keeps as a library: one entry, no imports out of it, no import circles.
 */

/** One module reference of a file: a static import, an `export … from`, or a dynamic `import()`. */
export interface ImportRef {
  readonly specifier: string;
  /**
   * Erased when compiled: `import type …`, `export type … from`, or an import whose every named
   * binding is marked `type`. Such a reference loads nothing at run time.
   */
  readonly typeOnly: boolean;
  /** 1-based line of the reference, for the failure messages. */
  readonly line: number;
}

function allBindingsTypeOnly(clause: ts.ImportClause): boolean {
  if (clause.isTypeOnly) return true;
  // A default import or a namespace import is a value binding.
  if (clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) return false;
  const elements = clause.namedBindings.elements;
  return elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

/** Every module reference in a source text, in order. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, literal: ts.Expression, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    refs.push({ specifier: literal.text, typeOnly, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.importClause ? allBindingsTypeOnly(node.importClause) : false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      const typeOnly = node.isTypeOnly || (named !== null && named.length > 0 && named.every((e) => e.isTypeOnly));
      add(node, node.moduleSpecifier, typeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg) add(node, arg, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      // `typeof import('./x')` in a type position names a module without loading it.
      add(node, node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

/** Whether a specifier names a file of the project (`./x`, `../x`) rather than a package or a built-in. */
export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/**
 * The file a relative specifier resolves to, as the bundler resolution does (the path itself, then
 * with an extension, then its folder's index); null when none is a file.
 */
export function resolveRelative(fromFile: string, specifier: string, isFile: (file: string) => boolean): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find(isFile) ?? null;
}

/** A set of modules that import one another, directly or not. */
export interface Circle {
  /** The set's modules, sorted. */
  readonly modules: string[];
  /** A shortest walk through the set's first module and back to it (`a, b, a`): edges to cut. */
  readonly walk: string[];
}

/**
 * The import circles of a graph (module → the modules it imports): each strongly connected set of
 * two or more modules, or a module importing itself. Tarjan's algorithm.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): Circle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return components.map((c) => ({ modules: c.sort(), walk: circleWithin(graph, new Set(c)) }));
}

/** A shortest circle through the first (sorted) module of a strongly connected set. */
function circleWithin(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const walk = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = previous.get(u)) walk.splice(1, 0, u);
        return [...walk, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
