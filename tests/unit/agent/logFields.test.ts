import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Compile } from 'typebox/compile';
import { afterEach, describe, expect, it } from 'vitest';
import { logLine, Outbox } from '../../../agent/outbox';
import { logMessage, readFromChild, type FromChild } from '../../../agent/workflow/messages';
import { streamOfLevel } from '../../../agent/workflow/parent';
import { loadWorkflow, runWorkflow } from '../../../agent/xaml/api';
import { LogPayloadSchema } from '../../../src/domain/agentPayloads';
import { boundedFields, type LogLine } from '../../../src/domain/agentProtocol';
import { memoryHost } from '../xaml/helpers';
import { project, xaml } from '../xaml/runner/helpers';

const PROCESS_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const serverAccepts = Compile(LogPayloadSchema);

/** What the parent reads of a child's message: it crosses the IPC channel as JSON. */
const overIpc = (message: FromChild): FromChild | null => readFromChild(JSON.parse(JSON.stringify(message)));

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/**
 * A workflow's lines as the agent sends them in its `process:log` batch: each line the runner logs
 * goes as the child's message over IPC, is bounded as the agent's run bounds it, numbered and
 * queued in the outbox, whose next report is the batch.
 */
async function batchOf(main: string): Promise<LogLine[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'logfields-'));
  folders.push(dir);
  const outbox = new Outbox(dir);
  let seq = 0;
  await runWorkflow(loadWorkflow(project({ 'Main.xaml': main })), {
    args: {},
    trace: false,
    signal: new AbortController().signal,
    host: memoryHost(),
    log: (level, text, fields) => {
      const message = overIpc(logMessage(level, text, fields));
      if (message?.type !== 'log') throw new Error('not a log line');
      const content = logLine(streamOfLevel(message.level), message.text, message.level, boundedFields(message.fields));
      seq += 1;
      outbox.addLines(PROCESS_ID, [{ seq, at: '2026-01-01T00:00:00.000Z', ...content }]);
    },
  });
  const report = outbox.next();
  if (report?.kind !== 'log') throw new Error('no log batch');
  expect(serverAccepts.Check(report.payload)).toBe(true);
  // Its journal written before the folder goes.
  await outbox.drop(PROCESS_ID);
  return report.payload.lines;
}

const addFields = (entries: string) => `<ui:AddLogFields DisplayName="Add Log Fields">
    <ui:AddLogFields.Fields>
      <scg:Dictionary x:TypeArguments="x:String, InArgument">${entries}</scg:Dictionary>
    </ui:AddLogFields.Fields>
  </ui:AddLogFields>`;

describe('the agent sends the custom log fields with each line', () => {
  it('sends them on the lines after Add Log Fields, none after Remove Log Fields, no `fields` key on the others', async () => {
    const lines = await batchOf(
      xaml(`<Sequence>
  <ui:LogMessage Level="Info" Message="[&quot;before&quot;]" />
  ${addFields(`<InArgument x:TypeArguments="x:String" x:Key="Customer">ACME</InArgument>
        <InArgument x:TypeArguments="x:Int32" x:Key="Attempt">[1 + 1]</InArgument>`)}
  <WriteLine Text="during" />
  <ui:RemoveLogFields Fields="[{&quot;Customer&quot;}]" />
  <ui:LogMessage Level="Warn" Message="[&quot;one left&quot;]" />
  <ui:RemoveLogFields Fields="[{&quot;Attempt&quot;}]" />
  <WriteLine Text="after" />
</Sequence>`),
    );
    expect(lines.map(({ seq, stream, text, level, fields }) => ({ seq, stream, text, level, fields }))).toEqual([
      { seq: 1, stream: 'stdout', text: 'before', level: 'Info', fields: undefined },
      { seq: 2, stream: 'stdout', text: 'during', level: 'Info', fields: { Customer: 'ACME', Attempt: '2' } },
      { seq: 3, stream: 'stderr', text: 'one left', level: 'Warn', fields: { Attempt: '2' } },
      { seq: 4, stream: 'stdout', text: 'after', level: 'Info', fields: undefined },
    ]);
    expect(lines.filter((line) => 'fields' in line).map((line) => line.seq)).toEqual([2, 3]);
  });

  it('keeps at most 50 fields, names of 100 characters and values of 1,000 (cut and marked)', async () => {
    const many = Array.from(
      { length: 60 },
      (_, i) => `<InArgument x:TypeArguments="x:String" x:Key="F${String(i).padStart(2, '0')}">v${i}</InArgument>`,
    ).join('');
    const long = `<InArgument x:TypeArguments="x:String" x:Key="${'N'.repeat(150)}">${'v'.repeat(1500)}</InArgument>`;
    const [wide] = await batchOf(xaml(`<Sequence>${addFields(many)}<WriteLine Text="wide" /></Sequence>`));
    const fields = wide.fields ?? {};
    expect(Object.keys(fields)).toHaveLength(50);
    expect(fields).toMatchObject({ F00: 'v0', F49: 'v49' });
    expect(fields).not.toHaveProperty('F50');
    const [cut] = await batchOf(xaml(`<Sequence>${addFields(long)}<WriteLine Text="long" /></Sequence>`));
    expect(cut.fields).toEqual({ ['N'.repeat(100)]: `${'v'.repeat(1000)} …[cut]` });
  });

  it('keeps only text values of what a child sends as fields', () => {
    expect(readFromChild({ type: 'log', level: 'Info', text: 't', fields: { a: 'x', b: 2, c: null } })).toEqual({
      type: 'log',
      level: 'Info',
      text: 't',
      fields: { a: 'x' },
    });
    for (const fields of ['x', ['a'], { b: 2 }, null])
      expect(readFromChild({ type: 'log', level: 'Info', text: 't', fields })).toStrictEqual({
        type: 'log',
        level: 'Info',
        text: 't',
      });
  });
});
