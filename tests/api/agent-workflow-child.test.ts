import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RUN_WORKFLOW_FLAG,
  WARM_UP_FLAG,
  readFromChild,
  type FromChild,
  type ToChild,
} from '../../agent/workflow/messages';
import { agentBundleAt } from './programs';
import { GREETER, studioXaml } from './xamlBots';

/** The main workflow of the package: invokes Parts\Greet.xaml (as Windows names it) with its In argument. */
const START = studioXaml(
  `  <Sequence DisplayName="Start">
    <ui:InvokeWorkflowFile DisplayName="Greet" WorkflowFileName="Parts\\Greet.xaml">
      <ui:InvokeWorkflowFile.Arguments>
        <InArgument x:TypeArguments="x:String" x:Key="in_Name">[in_Name]</InArgument>
        <OutArgument x:TypeArguments="x:String" x:Key="out_Greeting">[out_Greeting]</OutArgument>
      </ui:InvokeWorkflowFile.Arguments>
    </ui:InvokeWorkflowFile>
    <ui:LogMessage Level="Error" Message="[&quot;Greeted: &quot; + out_Greeting]" />
  </Sequence>`,
  `    <x:Property Name="in_Name" Type="InArgument(x:String)" />
    <x:Property Name="out_Greeting" Type="OutArgument(x:String)" />`,
);

interface Ran {
  messages: FromChild[];
  code: number | null;
}

/**
 * The agent is shipped as one bundled file: its workflow child is that file run with the hidden
 * sub-command. This runs the bundle as the agent forks it, outside the repository, and speaks
 * the IPC protocol to it.
 */
describe("the bundled agent's workflow child", () => {
  let dir: string;
  let bundle: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wf-bundle-'));
    bundle = path.join(dir, 'rpa-agent.mjs');
    agentBundleAt(bundle);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /**
   * Forks the bundle as a workflow process (`warm`: as the agent starts one ahead, warming the
   * runner up first), starts it on a folder holding `file` once it is ready, collects what it says.
   */
  async function run(
    file: string,
    content: Uint8Array | string,
    args: Record<string, string>,
    warm = true,
  ): Promise<Ran> {
    const folder = await mkdtemp(path.join(dir, 'run-'));
    await writeFile(path.join(folder, file), content);
    const child: ChildProcess = fork(bundle, warm ? [RUN_WORKFLOW_FLAG, WARM_UP_FLAG] : [RUN_WORKFLOW_FLAG], {
      cwd: tmpdir(),
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const messages: FromChild[] = [];
    child.on('message', (raw) => {
      const message = readFromChild(raw);
      if (!message) return;
      messages.push(message);
      if (message.type === 'ready')
        child.send({ type: 'start', folder, fileName: file, args, trace: false } satisfies ToChild);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    return { messages, code };
  }

  it('runs a .xaml: ready, its lines with their levels, then its end with the Out argument', async () => {
    const ran = await run('Greeter.xaml', GREETER, { in_Name: 'Ada' }, false);
    expect(ran.code).toBe(0);
    expect(ran.messages).toEqual([
      { type: 'ready' },
      { type: 'log', level: 'Info', text: 'Hello, Ada' },
      { type: 'log', level: 'Warn', text: 'Careful with ADA' },
      { type: 'end', outcome: 'completed', result: { out_Greeting: 'Hello, Ada' } },
    ]);
  }, 30_000);

  it('runs a .nupkg: unzipped in its folder, project.json names the main, which invokes another file', async () => {
    const nupkg = zipSync({
      'Greetings.nuspec': strToU8('<package/>'),
      'lib/net45/project.json': strToU8(JSON.stringify({ name: 'Greetings', main: 'Start.xaml' })),
      'lib/net45/Start.xaml': strToU8(START),
      'lib/net45/Parts/Greet.xaml': strToU8(GREETER),
    });
    const ran = await run('Greetings.1.0.2.nupkg', nupkg, { in_Name: 'Grace' });
    expect(ran.messages.slice(1)).toEqual([
      { type: 'log', level: 'Info', text: 'Hello, Grace' },
      { type: 'log', level: 'Warn', text: 'Careful with GRACE' },
      { type: 'log', level: 'Error', text: 'Greeted: Hello, Grace' },
      { type: 'end', outcome: 'completed', result: { out_Greeting: 'Hello, Grace' } },
    ]);
  }, 30_000);

  it('a package whose project.json names a missing main ends with a load error, nothing run', async () => {
    const zip = zipSync({ 'project.json': strToU8('{"main":"Gone.xaml"}'), 'Main.xaml': strToU8(GREETER) });
    const ran = await run('project.zip', zip, { in_Name: 'Ada' });
    expect(ran.messages.slice(1)).toEqual([
      {
        type: 'end',
        outcome: 'loadError',
        message: "The package's project.json names Gone.xaml as its main workflow, and the package has no such file",
      },
    ]);
  }, 30_000);

  it("an argument that is not the workflow's ends with a load error naming it", async () => {
    const ran = await run('Greeter.xaml', GREETER, { in_Name: 'Ada', in_Unknown: 'x' });
    const end = ran.messages.at(-1);
    expect(end).toMatchObject({ type: 'end', outcome: 'loadError' });
    expect(end?.type === 'end' && end.outcome === 'loadError' ? end.message : '').toContain('in_Unknown');
    expect(ran.messages.filter((m) => m.type === 'log')).toEqual([]);
  }, 30_000);
});
