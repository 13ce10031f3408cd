import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderHost } from '../../../../agent/xaml/dotnet';
import { memoryHost } from '../helpers';
import { loadError, project, runBody, xaml } from './helpers';

let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'xaml-system-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const put = (rel: string, text = '') => {
  mkdirSync(join(work, rel, '..'), { recursive: true });
  writeFileSync(join(work, rel), text);
};

const seq = (vars: string, body: string) => `<Sequence>
  <Sequence.Variables>${vars}</Sequence.Variables>
  ${body}
</Sequence>`;

/** For Each File in Folder, as Studio saves it: the body is an ActivityAction<FileInfo, Int32>. */
const forEachFile = (attrs: string, body: string) => `
  <ui:ForEachFileX DisplayName="For Each File in Folder" ${attrs} SkipFolderWithoutPermission="False">
    <ui:ForEachFileX.Body>
      <ActivityAction x:TypeArguments="si:FileInfo, x:Int32">
        <ActivityAction.Argument1><DelegateInArgument x:TypeArguments="si:FileInfo" Name="CurrentFile" /></ActivityAction.Argument1>
        <ActivityAction.Argument2><DelegateInArgument x:TypeArguments="x:Int32" Name="CurrentIndex" /></ActivityAction.Argument2>
        <Sequence DisplayName="Do">${body}</Sequence>
      </ActivityAction>
    </ui:ForEachFileX.Body>
  </ui:ForEachFileX>`;

describe('For Each File in Folder (ui:ForEachFileX)', () => {
  beforeEach(() => {
    put('in/b.txt', 'bb');
    put('in/A.txt', 'a');
    put('in/c.csv');
    put('in/sub/d.txt');
    put('in/sub/deeper/e.txt');
  });

  it('walks the files matching Filter in name order, giving each FileInfo and its index', async () => {
    const ran = await runBody(
      forEachFile(
        `Filter="*.txt" Folder="in" IncludeSubDirectories="False" OrderBy="NameAscFirst"`,
        `<WriteLine Text="[CurrentIndex.ToString + &quot; &quot; + CurrentFile.Name + &quot; &quot; + CurrentFile.Extension]" />`,
      ),
      { host: folderHost(work) },
    );
    expect(ran.lines).toEqual(['Info: 0 A.txt .txt', 'Info: 1 b.txt .txt']);
  });

  it("gives a real FileInfo: Length, Directory, Exists and the full path it prints, as .NET's", async () => {
    const ran = await runBody(
      forEachFile(
        `Filter="*.txt" Folder="in" IncludeSubDirectories="False" OrderBy="NameAscFirst"`,
        `<WriteLine Text="[CurrentFile.Name + &quot; &quot; + CurrentFile.Length.ToString + &quot; &quot; + CurrentFile.Directory.Name + &quot; &quot; + CurrentFile.Exists.ToString + &quot; &quot; + (CurrentFile.ToString = CurrentFile.FullName).ToString + &quot; &quot; + CurrentFile.GetType().Name]" />`,
      ),
      { host: folderHost(work) },
    );
    expect(ran.lines).toEqual(['Info: A.txt 1 in True True FileInfo', 'Info: b.txt 2 in True True FileInfo']);
  });

  it('goes into sub-folders at any depth with IncludeSubDirectories, and reverses with NameDescFirst', async () => {
    const ran = await runBody(
      forEachFile(
        `Filter="*.txt" Folder="in" IncludeSubDirectories="True" OrderBy="NameDescFirst"`,
        `<WriteLine Text="[CurrentFile.Name]" />`,
      ),
      { host: folderHost(work) },
    );
    expect(ran.lines).toEqual(['Info: e.txt', 'Info: d.txt', 'Info: b.txt', 'Info: A.txt']);
  });

  it('gives the full path and folder, reads the file through it, and stops at ui:Break', async () => {
    const ran = await runBody(
      forEachFile(
        `Folder="in" Filter="{x:Null}"`,
        `<WriteLine Text="[CurrentFile.FullName = System.IO.Path.Combine(CurrentFile.DirectoryName, CurrentFile.Name)]" />
         <WriteLine Text="[File.ReadAllText(CurrentFile.FullName)]" />
         <ui:Break />`,
      ),
      { host: folderHost(work) },
    );
    expect(ran.lines).toEqual(['Info: True', 'Info: a']);
  });

  it('fails on a missing folder with DirectoryNotFoundException', async () => {
    await expect(runBody(forEachFile(`Folder="nowhere"`, ''), { host: folderHost(work) })).rejects.toMatchObject({
      exceptionType: 'DirectoryNotFoundException',
      message: `Could not find a part of the path '${join(work, 'nowhere')}'.`,
    });
  });

  it('refuses at load an OrderBy this agent does not know, saying so', () => {
    const message = loadError(project({ 'Main.xaml': xaml(forEachFile(`Folder="in" OrderBy="SizeFirst"`, '')) }));
    expect(message).toMatch(
      /^Activity ui:ForEachFileX \(Main\.xaml line \d+\): OrderBy 'SizeFirst' is not supported by this agent \(NameAscFirst, NameDescFirst\)$/,
    );
  });
});

describe('Create File, File Exists (FileExistsX) and Get Environment Variable', () => {
  it('creates an empty file, replaces one already there, and tells files from folders and missing paths', async () => {
    put('logs/run.log', 'old content');
    mkdirSync(join(work, 'folder'));
    const ran = await runBody(
      seq(
        `<Variable x:TypeArguments="x:Boolean" Name="exists" />`,
        `<ui:CreateFile Name="{x:Null}" ContinueOnError="True" DisplayName="Create Log file" Path="logs\\run.log" />
         <ui:CreateFile Name="new.txt" Path="logs" />
         <ui:FileExistsX DisplayName="File Exists" Exists="[exists]" Path="logs\\new.txt" />
         <WriteLine Text="[exists.ToString]" />
         <ui:FileExistsX Exists="[exists]" Path="folder" />
         <WriteLine Text="[exists.ToString]" />
         <ui:FileExistsX Exists="[exists]" Path="missing.txt" />
         <WriteLine Text="[exists.ToString]" />`,
      ),
      { host: folderHost(work) },
    );
    expect(ran.lines).toEqual(['Info: True', 'Info: False', 'Info: False']);
    expect(readFileSync(join(work, 'logs/run.log'), 'utf8')).toBe('');
    expect(readFileSync(join(work, 'logs/new.txt'), 'utf8')).toBe('');
  });

  it('fails to create a file in a missing folder with DirectoryNotFoundException', async () => {
    await expect(
      runBody(`<ui:CreateFile Path="no\\such\\dir\\a.txt" />`, { host: folderHost(work) }),
    ).rejects.toMatchObject({ exceptionType: 'DirectoryNotFoundException' });
  });

  it('reads an environment variable of the agent process, Nothing when it is not set', async () => {
    const host = { ...memoryHost(), environment: (n: string) => (n === 'RPA_STAGE' ? 'test' : null) };
    const ran = await runBody(
      seq(
        `<Variable x:TypeArguments="x:String" Name="v" />`,
        `<ui:GetEnvironmentVariable DisplayName="Get Environment Variable" Variable="RPA_STAGE" VariableValue="[v]" />
         <WriteLine Text="[v]" />
         <ui:GetEnvironmentVariable Variable="NOT_SET_ANYWHERE" VariableValue="[v]" />
         <WriteLine Text="[(v Is Nothing).ToString]" />`,
      ),
      { host },
    );
    expect(ran.lines).toEqual(['Info: test', 'Info: True']);
  });
});
