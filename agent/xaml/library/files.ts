import { fail, type Host } from '../dotnet';

/**
 * UiPath's file activities (ReadTextFile, WriteTextFile, AppendLine, PathExists, CreateDirectory,
 * CopyFile, MoveFile, Delete) over the run's Host, failing with the exceptions .NET's File and
 * Directory classes throw so that a TryCatch in the workflow catches them by type.
 */

const notFound = (host: Host, p: string): never =>
  fail('FileNotFoundException', `Could not find file '${host.fullPath(p)}'.`);

/** The encodings the agent reads and writes: UTF-8 (the default) and its aliases. */
function checkEncoding(encoding: string | null): void {
  if (encoding === null || encoding === '') return;
  if (!/^(utf-?8|utf8bom|65001|default|unicode \(utf-8\))$/i.test(encoding.trim()))
    fail('ArgumentException', `'${encoding}' is not a supported encoding name.`);
}

/** ReadTextFile: FileName → Content. A byte-order mark is dropped, as .NET's reader does. */
export function readTextFile(host: Host, fileName: string, encoding: string | null = null): string {
  checkEncoding(encoding);
  if (!host.fileExists(fileName)) notFound(host, fileName);
  return host.readText(fileName);
}

/** WriteTextFile: replaces the file's content with Text (creating the file). */
export function writeTextFile(host: Host, fileName: string, text: string, encoding: string | null = null): void {
  checkEncoding(encoding);
  host.writeText(fileName, text, false);
}

/** AppendLine: Text then a line break at the end of the file (created when missing). */
export function appendLine(host: Host, fileName: string, text: string, encoding: string | null = null): void {
  checkEncoding(encoding);
  host.writeText(fileName, text + '\n', true);
}

/** PathExists: PathType "File" (the default) or "Folder". */
export function pathExists(host: Host, p: string, pathType: string = 'File'): boolean {
  return /^folder$/i.test(pathType) ? host.directoryExists(p) : host.fileExists(p);
}

/** CreateDirectory: creates the folder and its missing parents; an existing folder is fine. */
export function createDirectory(host: Host, p: string): void {
  if (host.fileExists(p)) fail('IOException', `The file '${host.fullPath(p)}' already exists.`);
  host.createDirectory(p);
}

/** A destination that is an existing folder receives the file under its own name. */
function destinationFile(host: Host, source: string, destination: string): string {
  if (!host.directoryExists(destination)) return destination;
  const name = source.replace(/^.*[\\/]/, '');
  const sep = destination.includes('\\') && !destination.includes('/') ? '\\' : '/';
  return destination.replace(/[\\/]+$/, '') + sep + name;
}

/** The checks File.Copy and File.Move make before touching anything. */
function prepareTransfer(host: Host, source: string, destination: string, overwrite: boolean): string {
  if (!host.fileExists(source)) notFound(host, source);
  const target = destinationFile(host, source, destination);
  const parent = target.replace(/[\\/][^\\/]*$/, '');
  if (parent !== target && parent !== '' && !host.directoryExists(parent))
    fail('DirectoryNotFoundException', `Could not find a part of the path '${host.fullPath(target)}'.`);
  if (host.fileExists(target) && !overwrite) fail('IOException', `The file '${host.fullPath(target)}' already exists.`);
  return target;
}

/** CopyFile: Path → Destination (a file or a folder); Overwrite false by default. */
export function copyFile(host: Host, source: string, destination: string, overwrite = false): void {
  const target = prepareTransfer(host, source, destination, overwrite);
  host.copyFile(source, target);
}

/** MoveFile: Path → Destination (a file or a folder); Overwrite false by default. */
export function moveFile(host: Host, source: string, destination: string, overwrite = false): void {
  const target = prepareTransfer(host, source, destination, overwrite);
  host.moveFile(source, target);
}

/** Delete / DeleteFile: a file, or a folder with its content; a missing path is an error. */
export function deletePath(host: Host, p: string): void {
  if (host.fileExists(p)) host.deleteFile(p);
  else if (host.directoryExists(p)) host.deleteDirectory(p);
  else notFound(host, p);
}
