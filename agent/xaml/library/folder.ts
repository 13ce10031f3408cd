import { fail, type Host } from '../dotnet';
import { NetFileInfo } from '../dotnet/fileInfo';

/**
 * UiPath's System file activities beyond the classic ones (CreateFile, FileExistsX, ForEachFileX)
 * over the run's Host, failing as .NET's File and Directory classes do.
 */

/** The separator a path already uses (a workflow written on Windows keeps its backslashes). */
function separatorOf(p: string): string {
  return p.includes('\\') && !p.includes('/') ? '\\' : '/';
}

function joinPath(folder: string, name: string): string {
  if (folder === '') return name;
  return folder.replace(/[\\/]+$/, '') + separatorOf(folder) + name;
}

function parentOf(p: string): string {
  const trimmed = p.replace(/[\\/]+$/, '');
  const i = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return i < 0 ? '' : i === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, i);
}

function nameOf(p: string): string {
  const trimmed = p.replace(/[\\/]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

/**
 * CreateFile: an empty file at Path, or at Path\Name when a Name is given (Path is then its
 * folder); a file already there is replaced by an empty one, as UiPath documents. A missing
 * folder is DirectoryNotFoundException; a folder at that path is UnauthorizedAccessException.
 */
export function createFile(host: Host, path: string, name: string | null = null): string {
  const file = name ? joinPath(path, name) : path;
  if (host.directoryExists(file))
    fail('UnauthorizedAccessException', `Access to the path '${host.fullPath(file)}' is denied.`);
  const parent = parentOf(file);
  if (parent !== '' && !host.directoryExists(parent))
    fail('DirectoryNotFoundException', `Could not find a part of the path '${host.fullPath(file)}'.`);
  host.writeText(file, '', false);
  return file;
}

/** The orders For Each File in Folder lists files in (its OrderBy): by name, A to Z or Z to A. */
export const FILE_ORDERS = ['NameAscFirst', 'NameDescFirst'] as const;

/** Names compare as Windows lists them: ignoring case, then by the exact text. */
function byName(a: string, b: string): number {
  const x = nameOf(a).toLowerCase();
  const y = nameOf(b).toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * ForEachFileX's files: those in `folder` matching `filter` (a `*`/`?` pattern, every file when
 * empty), and in its sub-folders at any depth when `recursive`, ordered by name. A folder that
 * does not exist is DirectoryNotFoundException.
 */
export function filesInFolder(
  host: Host,
  folder: string,
  filter: string | null,
  recursive: boolean,
  order: string = 'NameAscFirst',
): string[] {
  const pattern = filter === null || filter.trim() === '' ? '*' : filter.trim();
  const files: string[] = [];
  const walk = (dir: string) => {
    files.push(...host.listFiles(dir, pattern));
    if (!recursive) return;
    const list =
      host.listDirectories ?? fail('NotSupportedException', 'Listing sub-folders is not available on this agent.');
    for (const sub of list.call(host, dir, '*')) walk(sub);
  };
  if (!host.directoryExists(folder))
    fail('DirectoryNotFoundException', `Could not find a part of the path '${host.fullPath(folder)}'.`);
  walk(folder);
  files.sort(byName);
  return order === 'NameDescFirst' ? files.reverse() : files;
}

/**
 * The FileInfo a loop over files hands its body: System.IO.FileInfo of the file's full path, as
 * DirectoryInfo.EnumerateFiles gives it (so it prints that full path).
 */
export function fileInfoOf(host: Host, path: string): NetFileInfo {
  return new NetFileInfo(host.fullPath(path), host);
}
