import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { folderHost } from '../../../agent/xaml/dotnet';
import {
  loadWorkflow,
  runWorkflow,
  WorkflowFailure,
  WorkflowLoadError,
  type ProjectFiles,
} from '../../../agent/xaml/runner';
import { findMainWorkflow, normalizePackagePath } from '../../../src/domain/botPackages';

/** A case's golden outcome, as `tests/fixtures/xaml/<case>/expected.json` writes it. */
export interface Expected {
  /** The run's parameters, as text (the Run dialog's values). */
  args: Record<string, string>;
  /** Every log line in order, `Level: text`; an uncaught exception's line is not among them. */
  log: string[];
  /** The main workflow's Out and InOut arguments as text. */
  out: Record<string, string>;
  status: 'ok' | 'failed';
  /** `load`: WorkflowLoadError (nothing ran); `exception`: WorkflowFailure (an uncaught exception). */
  failureKind?: 'load' | 'exception';
  /** The exact failure: `ExceptionType: message`, or the load error's message. */
  failure?: string;
  /** Parts a load error's message must contain, where its wording is the runner's own. */
  failureIncludes?: string[];
}

export interface Outcome {
  log: string[];
  out: Record<string, string>;
  status: 'ok' | 'failed';
  failureKind?: 'load' | 'exception';
  failure?: string;
}

export const CORPUS_DIR = join(__dirname, '..', '..', 'fixtures', 'xaml');

/** Every file under a folder, by its `/`-separated path relative to it. */
export function filesOf(dir: string, prefix = ''): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      for (const [k, v] of filesOf(full, prefix + name + '/')) files.set(k, v);
    } else if (name !== 'expected.json') {
      files.set(prefix + name, new Uint8Array(readFileSync(full)));
    }
  }
  return files;
}

/**
 * A project over files keyed by path relative to its folder. A workflow names a file as Windows
 * does: backslashes, and any case (Windows file systems ignore it).
 */
export function projectOf(files: ReadonlyMap<string, Uint8Array>, main: string): ProjectFiles {
  const byLower = new Map([...files.keys()].map((k) => [k.toLowerCase(), k]));
  return {
    main,
    read(relativePath) {
      const wanted = normalizePackagePath(relativePath);
      const key = files.has(wanted) ? wanted : byLower.get(wanted.toLowerCase());
      const bytes = key === undefined ? undefined : files.get(key);
      return bytes === undefined ? null : strFromU8(bytes);
    },
  };
}

/** A zip's project: the main workflow by the packages' rule, paths relative to the project folder. */
export function projectOfZip(zip: Uint8Array): ProjectFiles {
  const entries = unzipSync(zip);
  const names = Object.keys(entries).filter((n) => !n.endsWith('/'));
  const found = findMainWorkflow(names, (e) => (entries[e] ? strFromU8(entries[e]) : null));
  if (!found.ok) throw new Error(found.message);
  const projectJson = names
    .filter((n) => n.split('/').pop()?.toLowerCase() === 'project.json')
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  const root = projectJson?.includes('/') ? projectJson.slice(0, projectJson.lastIndexOf('/') + 1) : '';
  const files = new Map<string, Uint8Array>();
  for (const n of names) if (n.startsWith(root)) files.set(n.slice(root.length), entries[n]);
  return projectOf(files, found.main.slice(root.length));
}

/** A project folder zipped as it is (a `.zip` bot). */
export const zipOf = (files: ReadonlyMap<string, Uint8Array>): Uint8Array => zipSync(Object.fromEntries(files));

/** A project folder as UiPath publishes it: a `.nupkg` with the project under `lib/net45/`. */
export function nupkgOf(files: ReadonlyMap<string, Uint8Array>, id: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xaml" ContentType="application/octet" /><Default Extension="json" ContentType="application/octet" />' +
        '<Default Extension="nuspec" ContentType="application/octet" /></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Type="http://schemas.microsoft.com/packaging/2010/07/manifest" Target="/${id}.nuspec" Id="R1" /></Relationships>`,
    ),
    [`${id}.nuspec`]: strToU8(
      '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://schemas.microsoft.com/packaging/2010/07/nuspec.xsd">' +
        `<metadata><id>${id}</id><version>1.0.2</version><authors>corpus</authors><description>Test package</description></metadata></package>`,
    ),
  };
  for (const [k, v] of files) entries[`lib/net45/${k}`] = v;
  return zipSync(entries);
}

/** Loads and runs a project as the agent does, in a fresh work folder, with tracing off. */
export async function runProject(project: ProjectFiles, args: Record<string, string>): Promise<Outcome> {
  const log: string[] = [];
  const work = mkdtempSync(join(tmpdir(), 'xaml-corpus-'));
  try {
    const workflow = loadWorkflow(project);
    const result = await runWorkflow(workflow, {
      args,
      log: (level, text) => void log.push(`${level}: ${text}`),
      trace: false,
      signal: new AbortController().signal,
      host: folderHost(work),
    });
    return { log, out: result.out, status: 'ok' };
  } catch (e) {
    if (e instanceof WorkflowFailure) {
      return { log, out: {}, status: 'failed', failureKind: 'exception', failure: `${e.exceptionType}: ${e.message}` };
    }
    if (e instanceof WorkflowLoadError)
      return { log, out: {}, status: 'failed', failureKind: 'load', failure: e.message };
    throw e;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The outcome as the golden file states it: a load error whose wording is the runner's own is
 * compared by the parts it must contain.
 */
export function asExpected(outcome: Outcome, expected: Expected): Expected {
  const result: Expected = { args: expected.args, log: outcome.log, out: outcome.out, status: outcome.status };
  if (outcome.failureKind !== undefined) result.failureKind = outcome.failureKind;
  if (expected.failureIncludes !== undefined && outcome.failure !== undefined) {
    const failure = outcome.failure;
    result.failureIncludes = expected.failureIncludes.map((part) =>
      failure.includes(part) ? part : `${part} ∉ ${failure}`,
    );
  } else if (outcome.failure !== undefined) {
    result.failure = outcome.failure;
  }
  return result;
}
