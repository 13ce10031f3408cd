import type { Lang } from '../expr/ast';
import { WorkflowLoadError, type ProjectFiles } from './api';
import { Compiler, zeroOf, type ArgDecl, type CompileHost, type WorkflowFile } from './compiler';
import { converter } from './frame';
import { NS } from './ns';
import { refusal } from './refused';
import { ACTIVITIES, activityKey } from './registry';
import { attr, parseXaml, type XNode } from './xml';

/** A loaded workflow: its main file and every file it invokes, all parsed and compiled. */
export interface Workflow {
  readonly main: WorkflowFile;
  readonly files: ReadonlyMap<string, WorkflowFile>;
}

/**
 * A workflow's path relative to the project folder as Windows resolves it: `\` and `/` both
 * separate, a run of separators is one (Studio's C# templates write `Framework\\Init.xaml`, the
 * C# escape kept in the attribute), `.` is the folder itself and `..` its parent. Returned
 * `/`-separated; null when `..` climbs out of the project folder.
 */
export function projectPath(p: string): string | null {
  const parts: string[] = [];
  for (const seg of p.split(/[\\/]+/)) {
    if (seg === '' || seg === '.') continue;
    if (seg !== '..') parts.push(seg);
    else if (parts.pop() === undefined) return null;
  }
  return parts.join('/');
}

/** A path as the project map keys it: the project path, case-insensitive (Windows ignores case). */
function fileKey(p: string): string {
  return (projectPath(p) ?? p).toLowerCase();
}

/** C# when the designer says so or the file holds C# expression elements; VB otherwise. */
function languageOf(text: string): Lang {
  if (/ExpressionActivityEditor\s*=\s*"C#"/.test(text) || /<[\w]+:CSharp(Value|Reference)\b/.test(text)) return 'cs';
  return 'vb';
}

const DIRECTION = /^(In|Out|InOut)Argument\((.*)\)$/;

function readArguments(root: XNode, c: Compiler): ArgDecl[] {
  const members = root.children.find((ch) => ch.ns === NS.x && ch.name === 'Members');
  // Every argument is in scope of the whole file, defaults included.
  c.declared.push((members?.children ?? []).map((p) => attr(p, 'Name') ?? '').filter(Boolean));
  const cls = (attr(root, 'Class', NS.x) ?? '').replace(/^.*\./, '');
  const args: ArgDecl[] = [];
  for (const p of members?.children ?? []) {
    const name = attr(p, 'Name');
    if (!name) continue;
    const written = attr(p, 'Type') ?? 'x:Object';
    const m = DIRECTION.exec(written.trim());
    const direction = (m?.[1] ?? 'In') as ArgDecl['direction'];
    const type = m ? m[2] : written;
    const prop = `${cls}.${name}`;
    const defAttr = root.attrs.find((a) => a.name === prop);
    const defEl = root.children.find((ch) => ch.name === prop);
    const fallback = defAttr
      ? c.valueText(defAttr.value, type, root)
      : defEl?.children[0]
        ? c.valueElement(defEl.children[0], type, root)
        : null;
    args.push({ name, direction, type, conv: converter(type), zero: zeroOf(type), fallback });
  }
  return args;
}

/**
 * Loads a project's main workflow and, recursively, every workflow it invokes (each once):
 * all parsed, every expression compiled, every activity checked. Throws WorkflowLoadError naming
 * the file, activity and line of the first problem; nothing runs from a workflow that fails here.
 */
export function loadWorkflow(project: ProjectFiles): Workflow {
  const files = new Map<string, WorkflowFile>();
  const host: CompileHost = {
    factory: (ns, name) => ACTIVITIES.get(activityKey(ns, name)),
    refusal,
    invoke: (path, where) => load(path, where),
  };
  const load = (path: string, where: string | null): WorkflowFile => {
    const key = fileKey(path);
    const known = files.get(key);
    if (known) return known;
    const resolved = projectPath(path);
    const text = resolved === null || resolved === '' ? null : project.read(resolved);
    if (text === null) {
      throw new WorkflowLoadError(
        where ? `Activity ${where}: the invoked workflow '${path}' is not in the project` : `${path} is missing`,
      );
    }
    const shown = resolved ?? path;
    const root = parseXaml(text, shown);
    const c = new Compiler(shown, languageOf(text), host, root);
    const wf: WorkflowFile = { path: shown, args: readArguments(root, c), body: null };
    files.set(key, wf);
    const content = root.children.filter((ch) => !ch.name.includes('.') && ch.ns !== NS.x);
    if (content.length > 1) c.fail(content[1], 'a workflow holds one root activity');
    wf.body = content.length ? c.activity(content[0]) : null;
    return wf;
  };
  const main = load(project.main, null);
  return { main, files };
}
