import { toStr, textOrEmpty } from './text';
import type { Host } from './host';
import { MISSING, type Found } from './strings';
import { need } from './calls';
import { NetDirectoryInfo } from './fileInfo';
import { deleteDirectory, listTree, moveDirectory, patternArg, recursiveArg } from './fileTree';
import { joinPath, nullArg } from './paths';
import { NetArray, type Value } from './values';

export function fileMember(lc: string, args: Value[], host: Host): Found {
  const p = args[0] === null || args[0] === undefined ? nullArg('path') : toStr(args[0]);
  switch (lc) {
    case 'exists':
      return host.fileExists(p);
    case 'readalltext':
      return host.readText(p);
    case 'readalllines':
      return new NetArray(
        'String',
        host
          .readText(p)
          .split(/\r?\n/)
          .filter((l, i, all) => i < all.length - 1 || l !== ''),
      );
    case 'writealltext':
    case 'appendalltext':
      host.writeText(p, textOrEmpty(args[1] ?? null), lc === 'appendalltext');
      return null;
  }
  return MISSING;
}

export function directoryMember(lc: string, args: Value[], host: Host): Found {
  if (lc === 'getcurrentdirectory') return host.currentDirectory();
  const p = args[0] === null || args[0] === undefined ? nullArg('path') : toStr(args[0]);
  switch (lc) {
    case 'exists':
      return host.directoryExists(p);
    case 'getfiles':
    case 'enumeratefiles':
    case 'getdirectories':
    case 'enumeratedirectories': {
      need(args, 1, 3);
      const dirs = lc.endsWith('directories');
      const names = listTree(host, p, patternArg(args[1]), recursiveArg(args[2]), dirs);
      return new NetArray(
        'String',
        names.map((n) => joinPath(p, n)),
      );
    }
    case 'createdirectory':
      need(args, 1, 1);
      host.createDirectory(p);
      return new NetDirectoryInfo(p, host);
    case 'delete':
      need(args, 1, 2);
      deleteDirectory(host, p, args[1] === true);
      return null;
    case 'move':
      need(args, 2, 2);
      moveDirectory(host, p, toStr(args[1] ?? nullArg('destDirName')));
      return null;
  }
  return MISSING;
}

/**
 * Environment: the agent runs on Linux or macOS, so NewLine is "\n" as .NET there has it. A
 * machine joined to no domain answers UserDomainName with its own name, as .NET documents.
 */
export function environmentMember(lc: string, args: Value[] | null, host: Host): Found {
  if (args === null) {
    switch (lc) {
      case 'newline':
        return '\n';
      case 'machinename':
      case 'userdomainname':
        return host.machineName?.() ?? host.environment('HOSTNAME') ?? 'localhost';
      case 'username':
        return host.userName?.() ?? host.environment('USER') ?? '';
      case 'currentdirectory':
        return host.currentDirectory();
    }
    return MISSING;
  }
  if (lc === 'getenvironmentvariable') {
    need(args, 1, 2);
    return host.environment(toStr(args[0] ?? nullArg('variable')));
  }
  return MISSING;
}
