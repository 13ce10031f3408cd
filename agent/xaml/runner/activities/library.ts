import * as lib from '../../library';
import { NetError } from '../../dotnet/exceptions';
import type { Compiler, Factory } from '../compiler';
import type { Frame } from '../frame';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';
import { enumAttr, flag, keyedArgs, neededText, nullArgument, outArg, textOf } from './libraryArgs';
import { DATA_ACTIVITIES } from './libraryData';
import { WORKBOOK_ACTIVITIES } from './workbook';

/**
 * UiPath's file, JSON and HTTP activities: each reads its properties at load as Studio writes
 * them and calls the function of agent/xaml/library that does the work.
 */

/** An activity whose only inputs are String arguments, calling `run` with their values. */
function fileActivity(
  names: readonly string[],
  run: (c: Compiler, node: XNode) => (scope: Frame, text: (name: string) => string | null) => void,
): Factory {
  return (node, c) => {
    const getters = new Map(names.map((n) => [n, c.value(node, n, 'x:String')]));
    const body = run(c, node);
    return {
      display: c.display(node),
      run: (_rt, scope) =>
        body(scope, (name) => {
          const g = getters.get(name);
          return g ? textOf(g, scope) : null;
        }),
    };
  };
}

const need = (v: string | null, name: string): string => v ?? nullArgument(name);

const readTextFile = fileActivity(['FileName', 'Encoding'], (c, node) => {
  const content = outArg(c, node, 'Content');
  return (scope, t) => {
    const text = lib.readTextFile(scope.host, need(t('FileName'), 'FileName'), t('Encoding'));
    if (content) content(scope, text);
  };
});

const writeTextFile = fileActivity(['FileName', 'Text', 'Encoding'], () => (scope, t) => {
  lib.writeTextFile(scope.host, need(t('FileName'), 'FileName'), t('Text') ?? '', t('Encoding'));
});

const appendLine = fileActivity(['FileName', 'Text', 'Encoding'], () => (scope, t) => {
  lib.appendLine(scope.host, need(t('FileName'), 'FileName'), t('Text') ?? '', t('Encoding'));
});

const pathExists = fileActivity(['Path'], (c, node) => {
  const pathType = enumAttr(c, node, 'PathType', ['File', 'Folder'], 'File');
  const exists = outArg(c, node, 'Exists');
  return (scope, t) => {
    const found = lib.pathExists(scope.host, need(t('Path'), 'Path'), pathType);
    if (exists) exists(scope, found);
  };
});

const createDirectory = fileActivity(['Path'], () => (scope, t) => {
  lib.createDirectory(scope.host, need(t('Path'), 'Path'));
});

/** CopyFile and MoveFile: Path → Destination, Overwrite False by default. */
function transfer(f: typeof lib.copyFile): Factory {
  return fileActivity(['Path', 'Destination'], (c, node) => {
    const overwrite = flag(c, node, 'Overwrite', false);
    return (scope, t) =>
      f(scope.host, need(t('Path'), 'Path'), need(t('Destination'), 'Destination'), overwrite(scope));
  });
}

const deletePath = fileActivity(['Path'], () => (scope, t) => {
  lib.deletePath(scope.host, need(t('Path'), 'Path'));
});

/** DeserializeJson<T>: JsonString → JsonObject of the TypeArgument (JObject when omitted). */
function deserializeJson(outName: string, fixedType: string | null): Factory {
  return (node, c) => {
    const type = fixedType ?? attr(node, 'TypeArguments', NS.x) ?? 'njl:JObject';
    const json = c.required(node, 'JsonString', 'x:String');
    const out = outArg(c, node, outName);
    return {
      display: c.display(node),
      run(_rt, scope) {
        const v = lib.deserializeJson(json(scope), type);
        if (out) out(scope, v);
      },
    };
  };
}

/** SerializeJson: JsonObject → JsonString, compact as JsonConvert.SerializeObject writes it. */
const serializeJson: Factory = (node, c) => {
  const value = c.required(node, 'JsonObject', 'x:Object');
  const out = outArg(c, node, 'JsonString');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const text = lib.serializeJson(value(scope));
      if (out) out(scope, text);
    },
  };
};

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

/**
 * HttpClient: the request is awaited; a cancel of the run aborts it and ends the run as
 * canceled rather than as an exception the workflow could catch.
 */
const httpClient: Factory = (node, c) => {
  const endpoint = c.required(node, 'EndPoint', 'x:String');
  const method = enumAttr(c, node, 'Method', METHODS, 'GET');
  const acceptFormat = enumAttr(c, node, 'AcceptFormat', ['ANY', 'JSON', 'XML'], 'ANY');
  const body = c.value(node, 'Body', 'x:String');
  const bodyFormat = c.value(node, 'BodyFormat', 'x:String');
  const timeout = c.value(node, 'TimeoutMS', 'x:Int32');
  const headers = keyedArgs(c, node, 'Headers');
  const parameters = keyedArgs(c, node, 'Parameters');
  const result = outArg(c, node, 'Result');
  const statusCode = outArg(c, node, 'StatusCode');
  const responseHeaders = outArg(c, node, 'ResponseHeaders');
  const pairs = (list: typeof headers, scope: Frame) =>
    Object.fromEntries(list.map(([k, g]) => [k, textOf(g, scope) ?? '']));
  return {
    display: c.display(node),
    async run(rt, scope) {
      const ms = timeout ? timeout(scope) : null;
      let response: lib.HttpResponse;
      try {
        response = await lib.httpRequest({
          endpoint: neededText(endpoint, scope, 'EndPoint'),
          method,
          acceptFormat,
          body: textOf(body, scope),
          bodyFormat: textOf(bodyFormat, scope),
          headers: pairs(headers, scope),
          parameters: pairs(parameters, scope),
          timeoutMs: typeof ms === 'number' ? ms : undefined,
          signal: rt.signal,
        });
      } catch (e) {
        if (!(e instanceof NetError)) rt.checkCanceled();
        throw e;
      }
      rt.resumed();
      if (result) result(scope, response.result);
      if (statusCode) statusCode(scope, response.statusCode);
      if (responseHeaders) responseHeaders(scope, response.responseHeaders);
    },
  };
};

/** The library activities by element name, all in UiPath's namespace. */
export const LIBRARY_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['ReadTextFile', readTextFile],
  ['WriteTextFile', writeTextFile],
  ['AppendLine', appendLine],
  ['PathExists', pathExists],
  ['CreateDirectory', createDirectory],
  ['CopyFile', transfer(lib.copyFile)],
  ['MoveFile', transfer(lib.moveFile)],
  ['Delete', deletePath],
  ['DeleteFile', deletePath],
  ['DeleteFileX', deletePath],
  ['DeleteFolderX', deletePath],
  ['DeserializeJson', deserializeJson('JsonObject', null)],
  ['DeserializeJsonArray', deserializeJson('JsonArray', 'njl:JArray')],
  ['SerializeJson', serializeJson],
  ['HttpClient', httpClient],
  ...DATA_ACTIVITIES,
  ...WORKBOOK_ACTIVITIES,
];
