import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderHost, NetArray, toStr, type Host, type Value } from '../../../../agent/xaml/dotnet';
import { cs, memoryHost, thrown, vb } from '../helpers';

/**
 * FileInfo, DirectoryInfo, SearchOption and Directory.GetFiles/GetDirectories over the run's
 * Host, with the behaviour System.IO documents: a FileInfo reads the file when asked, a missing
 * file's times are 1601-01-01 UTC, Delete of a missing file does nothing, Directory.GetFiles
 * appends the names to the path it was given.
 */
const names = (v: Value) => (v as NetArray).items.map((x) => toStr(x));

function sample() {
  return memoryHost(
    {
      '/data/report.csv': 'a,b\n1,2\n',
      '/data/notes.txt': 'hello',
      '/data/in/one.txt': '1',
      '/data/in/deep/two.txt': '22',
    },
    ['/data/empty'],
  );
}

describe('FileInfo', () => {
  it('names a file and reads its size and times through the host', () => {
    const h = sample();
    const f = (p: string) => vb(p, {}, h);
    expect(f('New FileInfo("/data/report.csv").Name')).toBe('report.csv');
    expect(f('New FileInfo("/data/report.csv").Extension')).toBe('.csv');
    expect(f('New FileInfo("/data/report.csv").FullName')).toBe('/data/report.csv');
    expect(f('New FileInfo("/data/report.csv").DirectoryName')).toBe('/data');
    expect(f('New FileInfo("/data/report.csv").Directory.Name')).toBe('data');
    expect(f('New FileInfo("/data/report.csv").Exists')).toBe(true);
    expect(toStr(f('New FileInfo("/data/report.csv").Length'))).toBe('8');
    expect(f('New FileInfo("/data/report.csv").Length.GetType().Name')).toBe('Int64');
    expect(f('New FileInfo("/data/report.csv").LastWriteTimeUtc.ToString("yyyy-MM-dd HH:mm:ss")')).toBe(
      '2024-01-02 03:04:05',
    );
    expect(toStr(f('New FileInfo("/data/report.csv").LastWriteTime.Kind'))).toBe('Local');
    expect(toStr(f('New FileInfo("/data/report.csv")'))).toBe('/data/report.csv');
  });

  it('treats a missing file as .NET does: Exists False, Length fails, times of 1601', () => {
    const h = sample();
    expect(vb('New FileInfo("/data/none.txt").Exists', {}, h)).toBe(false);
    expect(vb('New FileInfo("/data").Exists', {}, h)).toBe(false);
    expect(thrown(() => vb('New FileInfo("/data/none.txt").Length', {}, h))).toBe(
      "FileNotFoundException: Could not find file '/data/none.txt'.",
    );
    expect(vb('New FileInfo("/data/none.txt").CreationTimeUtc.ToString("yyyy-MM-dd HH:mm")', {}, h)).toBe(
      '1601-01-01 00:00',
    );
    expect(thrown(() => vb('New FileInfo(Nothing)', {}, h))).toBe(
      "ArgumentNullException: Value cannot be null. (Parameter 'fileName')",
    );
    expect(thrown(() => vb('New FileInfo("")', {}, h))).toBe(
      "ArgumentException: The path is empty. (Parameter 'path')",
    );
  });

  it('creates, copies, moves and deletes', () => {
    const h = sample();
    const scope = { fi: vb('New FileInfo("/data/new.txt")', {}, h) };
    expect(vb('fi.Exists', scope, h)).toBe(false);
    vb('fi.Create().Close()', scope, h);
    expect(vb('fi.Exists', scope, h)).toBe(true);
    expect(toStr(vb('fi.Length', scope, h))).toBe('0');
    expect(toStr(vb('New FileInfo("/data/notes.txt").CopyTo("/data/copy.txt").Length', {}, h))).toBe('5');
    expect(thrown(() => vb('New FileInfo("/data/notes.txt").CopyTo("/data/copy.txt")', {}, h))).toBe(
      "IOException: The file '/data/copy.txt' already exists.",
    );
    expect(toStr(vb('New FileInfo("/data/report.csv").CopyTo("/data/copy.txt", True).Length', {}, h))).toBe('8');
    const moved = { m: vb('New FileInfo("/data/notes.txt")', {}, h) };
    vb('m.MoveTo("/data/in/notes.txt")', moved, h);
    expect(vb('m.FullName', moved, h)).toBe('/data/in/notes.txt');
    expect(h.files.has('/data/notes.txt')).toBe(false);
    expect(thrown(() => vb('New FileInfo("/data/gone.txt").MoveTo("/data/x.txt")', {}, h))).toBe(
      "FileNotFoundException: Could not find file '/data/gone.txt'.",
    );
    vb('New FileInfo("/data/copy.txt").Delete()', {}, h);
    vb('New FileInfo("/data/never.txt").Delete()', {}, h);
    expect(h.files.has('/data/copy.txt')).toBe(false);
  });

  it('works from C#', () => {
    const h = sample();
    expect(cs('new FileInfo("/data/notes.txt").Length + new FileInfo("/data/report.csv").Name', {}, h)).toBe(
      '5report.csv',
    );
  });
});

describe('DirectoryInfo, SearchOption and Directory', () => {
  it('lists files and folders, with a pattern and SearchOption', () => {
    const h = sample();
    const d = { d: vb('New DirectoryInfo("/data")', {}, h) };
    expect(vb('d.Name', d, h)).toBe('data');
    expect(vb('d.Parent.FullName', d, h)).toBe('/');
    expect(vb('d.Exists', d, h)).toBe(true);
    expect(names(vb('d.GetFiles()', d, h))).toEqual(['/data/notes.txt', '/data/report.csv']);
    expect(names(vb('d.GetFiles("*.TXT")', d, h))).toEqual(['/data/notes.txt']);
    expect(names(vb('d.GetFiles("*.txt", SearchOption.AllDirectories)', d, h))).toEqual([
      '/data/notes.txt',
      '/data/in/one.txt',
      '/data/in/deep/two.txt',
    ]);
    expect(toStr(vb('d.GetFiles("*", SearchOption.AllDirectories).Sum(Function(f) f.Length)', d, h))).toBe('16');
    expect(names(vb('d.GetDirectories()', d, h))).toEqual(['/data/empty', '/data/in']);
    expect(vb('d.GetDirectories("*", SearchOption.AllDirectories).Count()', d, h)).toBe(3);
    expect(toStr(vb('SearchOption.AllDirectories', {}, h))).toBe('AllDirectories');
    expect(vb('CInt(SearchOption.TopDirectoryOnly)', {}, h)).toBe(0);
  });

  it('walks sub-folders a level at a time, as .NET enumerates them', () => {
    const h = memoryHost({ '/t/a/x.txt': '', '/t/a/sub/y.txt': '', '/t/b/z.txt': '', '/t/top.txt': '' });
    expect(names(vb('Directory.GetFiles("/t", "*", SearchOption.AllDirectories)', {}, h))).toEqual([
      '/t/top.txt',
      '/t/a/x.txt',
      '/t/b/z.txt',
      '/t/a/sub/y.txt',
    ]);
  });

  it('Directory.GetFiles appends the names to the path it was given', () => {
    const h = sample();
    expect(names(vb('Directory.GetFiles("/data/in", "*.txt", SearchOption.AllDirectories)', {}, h))).toEqual([
      '/data/in/one.txt',
      '/data/in/deep/two.txt',
    ]);
    expect(names(vb('Directory.GetFiles("/data/in")', {}, h))).toEqual(['/data/in/one.txt']);
    expect(names(cs('Directory.GetDirectories("/data")', {}, h))).toEqual(['/data/empty', '/data/in']);
    expect(thrown(() => vb('Directory.GetFiles("/nope")', {}, h))).toBe(
      "DirectoryNotFoundException: Could not find a part of the path '/nope'.",
    );
  });

  it('creates, deletes (a folder with content only when recursive) and moves folders', () => {
    const h = sample();
    expect(vb('Directory.CreateDirectory("/data/made").Name', {}, h)).toBe('made');
    expect(vb('New DirectoryInfo("/data/made").Exists', {}, h)).toBe(true);
    expect(thrown(() => vb('New DirectoryInfo("/data/in").Delete()', {}, h))).toBe(
      "IOException: Directory not empty : '/data/in'",
    );
    vb('New DirectoryInfo("/data/empty").Delete()', {}, h);
    expect(vb('Directory.Exists("/data/empty")', {}, h)).toBe(false);
    vb('Directory.Move("/data/in", "/data/out")', {}, h);
    expect(h.files.get('/data/out/deep/two.txt')).toBe('22');
    vb('Directory.Delete("/data/out", True)', {}, h);
    expect(vb('Directory.Exists("/data/out")', {}, h)).toBe(false);
    expect(thrown(() => vb('Directory.Delete("/data/out")', {}, h))).toMatch(/^DirectoryNotFoundException: /);
  });
});

describe('FileInfo on a folder host', () => {
  let dir: string;
  let host: Host;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'xaml-fileinfo-'));
    host = folderHost(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads real files inside the work folder and refuses paths outside it', () => {
    vb('File.WriteAllText("sub\\a.txt", "hello")', {}, (vb('Directory.CreateDirectory("sub")', {}, host), host));
    expect(toStr(vb('New FileInfo("sub\\a.txt").Length', {}, host))).toBe('5');
    expect(vb('New FileInfo("sub/a.txt").FullName', {}, host)).toBe(join(dir, 'sub', 'a.txt'));
    expect(vb('(DateTime.Now - New FileInfo("sub/a.txt").LastWriteTime).TotalMinutes < 5', {}, host)).toBe(true);
    expect(vb('New DirectoryInfo(".").GetFiles("*", SearchOption.AllDirectories).Length', {}, host)).toBe(1);
    expect(thrown(() => vb('New FileInfo("../outside.txt").Exists', {}, host))).toBe(
      "UnauthorizedAccessException: Access to the path '../outside.txt' is denied.",
    );
  });
});
