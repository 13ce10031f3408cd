import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderHost, type Host } from '../../../../agent/xaml/dotnet';
import {
  appendLine,
  copyFile,
  createDirectory,
  deletePath,
  moveFile,
  pathExists,
  readTextFile,
  writeTextFile,
} from '../../../../agent/xaml/library';
import { memoryHost, thrown } from '../helpers';

describe('file activities on a work folder', () => {
  let root: string;
  let host: Host;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'xaml-files-'));
    host = folderHost(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes, appends lines and reads back text, dropping a byte-order mark', () => {
    writeTextFile(host, 'notes.txt', 'first');
    appendLine(host, 'notes.txt', '');
    appendLine(host, 'notes.txt', 'second');
    expect(readFileSync(path.join(root, 'notes.txt'), 'utf8')).toBe('first\nsecond\n');
    writeFileSync(path.join(root, 'bom.txt'), '\uFEFFhé');
    expect(readTextFile(host, 'bom.txt')).toBe('hé');
    expect(readTextFile(host, 'bom.txt', 'UTF-8')).toBe('hé');
  });

  it('fails as .NET does for a missing file, a missing folder and an unknown encoding', () => {
    expect(thrown(() => readTextFile(host, 'nope.txt'))).toBe(
      `FileNotFoundException: Could not find file '${path.join(root, 'nope.txt')}'.`,
    );
    expect(thrown(() => writeTextFile(host, 'missing\\out.txt', 'x'))).toBe(
      `DirectoryNotFoundException: Could not find a part of the path '${path.join(root, 'missing', 'out.txt')}'.`,
    );
    expect(thrown(() => readTextFile(host, 'bom.txt', 'EBCDIC'))).toBe(
      "ArgumentException: 'EBCDIC' is not a supported encoding name.",
    );
  });

  it('creates folders, tells files from folders, and refuses paths outside the work folder', () => {
    createDirectory(host, 'out\\2024\\jan');
    expect(existsSync(path.join(root, 'out', '2024', 'jan'))).toBe(true);
    writeTextFile(host, 'out/a.txt', 'a');
    expect(pathExists(host, 'out', 'Folder')).toBe(true);
    expect(pathExists(host, 'out', 'File')).toBe(false);
    expect(pathExists(host, 'out/a.txt')).toBe(true);
    expect(pathExists(host, 'out/a.txt', 'Folder')).toBe(false);
    expect(thrown(() => readTextFile(host, '../etc/passwd'))).toBe(
      "UnauthorizedAccessException: Access to the path '../etc/passwd' is denied.",
    );
  });

  it('copies into a folder under the same name, and refuses to overwrite unless told to', () => {
    writeTextFile(host, 'a.txt', 'one');
    mkdirSync(path.join(root, 'dest'));
    copyFile(host, 'a.txt', 'dest');
    expect(readFileSync(path.join(root, 'dest', 'a.txt'), 'utf8')).toBe('one');
    writeTextFile(host, 'a.txt', 'two');
    expect(thrown(() => copyFile(host, 'a.txt', 'dest\\a.txt'))).toBe(
      `IOException: The file '${path.join(root, 'dest', 'a.txt')}' already exists.`,
    );
    copyFile(host, 'a.txt', 'dest\\a.txt', true);
    expect(readFileSync(path.join(root, 'dest', 'a.txt'), 'utf8')).toBe('two');
    expect(thrown(() => copyFile(host, 'zz.txt', 'dest'))).toBe(
      `FileNotFoundException: Could not find file '${path.join(root, 'zz.txt')}'.`,
    );
    expect(thrown(() => copyFile(host, 'a.txt', 'nowhere/a.txt'))).toBe(
      `DirectoryNotFoundException: Could not find a part of the path '${path.join(root, 'nowhere', 'a.txt')}'.`,
    );
  });

  it('moves a file (the source is gone) and deletes files and folders', () => {
    writeTextFile(host, 'a.txt', 'one');
    writeTextFile(host, 'b.txt', 'two');
    expect(thrown(() => moveFile(host, 'a.txt', 'b.txt'))).toBe(
      `IOException: The file '${path.join(root, 'b.txt')}' already exists.`,
    );
    moveFile(host, 'a.txt', 'b.txt', true);
    expect(existsSync(path.join(root, 'a.txt'))).toBe(false);
    expect(readFileSync(path.join(root, 'b.txt'), 'utf8')).toBe('one');
    createDirectory(host, 'dir/sub');
    writeTextFile(host, 'dir/sub/c.txt', 'c');
    deletePath(host, 'dir');
    expect(existsSync(path.join(root, 'dir'))).toBe(false);
    deletePath(host, 'b.txt');
    expect(existsSync(path.join(root, 'b.txt'))).toBe(false);
    expect(thrown(() => deletePath(host, 'b.txt'))).toBe(
      `FileNotFoundException: Could not find file '${path.join(root, 'b.txt')}'.`,
    );
    expect(thrown(() => deletePath(host, '.'))).toBe("UnauthorizedAccessException: Access to the path '.' is denied.");
  });

  it('works the same on the in-memory host tests use', () => {
    const mem = memoryHost({ '/w/a.txt': 'x' }, ['/w', '/w/out']);
    copyFile(mem, '/w/a.txt', '/w/out');
    moveFile(mem, '/w/a.txt', '/w/b.txt');
    expect([...mem.files.keys()].sort()).toEqual(['/w/b.txt', '/w/out/a.txt']);
  });
});
