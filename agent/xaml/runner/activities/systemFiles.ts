import * as lib from '../../library';
import type { Value } from '../../dotnet/values';
import type { Compiler, Factory } from '../compiler';
import { exec, loopSignal, type Activity } from '../engine';
import { converter, Frame, type Conv } from '../frame';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';
import { flag, neededText, nullArgument, outArg, textOf } from './libraryArgs';

/**
 * UiPath.System.Activities' file and environment activities the classic ones lack: Create
 * File, the modern File Exists (FileExistsX), For Each File in Folder (ForEachFileX) and Get
 * Environment Variable. Files go through the run's Host.
 */

/** CreateFile: an empty file at Path (or Path\Name), replacing one already there. */
const createFile: Factory = (node, c) => {
  const path = c.required(node, 'Path', 'x:String');
  const name = c.value(node, 'Name', 'x:String');
  return {
    display: c.display(node),
    run(_rt, scope) {
      lib.createFile(scope.host, neededText(path, scope, 'Path'), textOf(name, scope));
    },
  };
};

/** FileExistsX (File Exists): whether a file is at Path → Exists. */
const fileExists: Factory = (node, c) => {
  const path = c.required(node, 'Path', 'x:String');
  const exists = outArg(c, node, 'Exists');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const found = lib.pathExists(scope.host, neededText(path, scope, 'Path'), 'File');
      if (exists) exists(scope, found);
    },
  };
};

/** GetEnvironmentVariable: the value of the process's environment variable Variable (Nothing when unset). */
const getEnvironmentVariable: Factory = (node, c) => {
  const variable = c.required(node, 'Variable', 'x:String');
  const value = outArg(c, node, 'VariableValue');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const name = textOf(variable, scope) ?? nullArgument('variable');
      const found = scope.host.environment(name);
      if (value) value(scope, found);
    },
  };
};

/** An ActivityAction's DelegateInArgument named in `<ActivityAction.{prop}>`, with its converter. */
function delegateArg(c: Compiler, action: XNode, prop: string): { name: string | null; conv: Conv } {
  const d = c.propElement(action, prop)?.children[0];
  return {
    name: d ? (attr(d, 'Name') ?? null) : null,
    conv: converter(d ? attr(d, 'TypeArguments', NS.x) : undefined),
  };
}

/**
 * Runs `body` once per item; ui:Break ends the loop, ui:Continue the iteration. Synchronous
 * until an iteration awaits.
 */
function eachItem(
  items: readonly Value[],
  body: (item: Value, i: number) => void | Promise<void>,
): void | Promise<void> {
  for (let i = 0; i < items.length; i++) {
    let p: void | Promise<void>;
    try {
      p = body(items[i], i);
    } catch (e) {
      if (loopSignal(e) === 'break') return;
      continue;
    }
    if (p) return finish(p, i + 1);
  }
  async function finish(first: Promise<void>, from: number): Promise<void> {
    try {
      await first;
    } catch (e) {
      if (loopSignal(e) === 'break') return;
    }
    for (let i = from; i < items.length; i++) {
      try {
        await body(items[i], i);
      } catch (e) {
        if (loopSignal(e) === 'break') return;
      }
    }
  }
}

/** An empty body is still an activity boundary (a cancel is seen, the event loop gets its turn). */
const EMPTY: Activity = { display: 'Empty', run: () => undefined };

/**
 * ForEachFileX (For Each File in Folder): the files of Folder matching Filter (in its sub-folders
 * too with IncludeSubDirectories), taken when the loop starts, ordered by OrderBy; the body gets
 * each as a FileInfo and its 0-based index. SkipFolderWithoutPermission has nothing to skip here:
 * every folder of the work folder is readable.
 */
const forEachFile: Factory = (node, c) => {
  const folder = c.required(node, 'Folder', 'x:String');
  const filter = c.value(node, 'Filter', 'x:String');
  const recursive = flag(c, node, 'IncludeSubDirectories', false);
  const order = (attr(node, 'OrderBy') ?? 'NameAscFirst').trim();
  if (!(lib.FILE_ORDERS as readonly string[]).includes(order))
    c.fail(node, `OrderBy '${order}' is not supported by this agent (${lib.FILE_ORDERS.join(', ')})`);
  const action = c.propElement(node, 'Body')?.children.find((ch) => ch.name === 'ActivityAction') ?? null;
  const file = action ? delegateArg(c, action, 'Argument1') : { name: null, conv: converter(undefined) };
  const index = action ? delegateArg(c, action, 'Argument2') : { name: null, conv: converter(undefined) };
  const bodyEl = action?.children.find((ch) => !ch.name.includes('.'));
  const names = [file.name, index.name].filter((n): n is string => n !== null);
  const body: Activity = bodyEl ? c.within(names, () => c.activity(bodyEl)) : EMPTY;
  return {
    display: c.display(node),
    run(rt, scope) {
      const host = scope.host;
      const paths = lib.filesInFolder(
        host,
        neededText(folder, scope, 'Folder'),
        textOf(filter, scope),
        recursive(scope),
        order,
      );
      return eachItem(paths, (p, i) => {
        const frame = new Frame(host, scope);
        if (file.name) frame.declare(file.name, file.conv, lib.fileInfoOf(host, String(p)));
        if (index.name) frame.declare(index.name, index.conv, i);
        return exec(body, rt, frame);
      });
    },
  };
};

export const SYSTEM_FILE_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['CreateFile', createFile],
  ['FileExistsX', fileExists],
  ['GetEnvironmentVariable', getEnvironmentVariable],
  ['ForEachFileX', forEachFile],
];
