import { describe, expect, it } from 'vitest';
import {
  loadWorkflow,
  runWorkflow,
  WorkflowFailure,
  type LogFields,
  type LogLevel,
  type ProjectFiles,
} from '../../../../agent/xaml/runner';
import { memoryHost } from '../helpers';
import { project, runBody, xaml } from './helpers';

interface Line {
  level: LogLevel;
  text: string;
  fields?: LogFields;
}

/** Runs a project keeping each log line with the fields it came with. */
async function runWithFields(files: ProjectFiles, trace = false): Promise<Line[]> {
  const lines: Line[] = [];
  await runWorkflow(loadWorkflow(files), {
    args: {},
    log: (level, text, fields) => lines.push(fields === undefined ? { level, text } : { level, text, fields }),
    trace,
    signal: new AbortController().signal,
    host: memoryHost(),
  });
  return lines;
}

const VERIFY_NS = 'xmlns:uta="clr-namespace:UiPath.Testing.Activities;assembly=UiPath.Testing.Activities"';

describe('XAML runner: Add Log Fields and Remove Log Fields', () => {
  it('passes the fields with every later line, in invoked workflows too, until they are removed', async () => {
    const main = xaml(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="attempt" Default="2" /></Sequence.Variables>
  <ui:LogMessage Level="Info" Message="[&quot;before&quot;]" />
  <ui:AddLogFields DisplayName="Add Log Fields">
    <ui:AddLogFields.Fields>
      <scg:Dictionary x:TypeArguments="x:String, InArgument">
        <InArgument x:TypeArguments="x:String" x:Key="Invoice">INV-1</InArgument>
        <InArgument x:TypeArguments="x:Int32" x:Key="Attempt">[attempt]</InArgument>
      </scg:Dictionary>
    </ui:AddLogFields.Fields>
  </ui:AddLogFields>
  <WriteLine Text="during" />
  <ui:InvokeWorkflowFile WorkflowFileName="Child.xaml"><ui:InvokeWorkflowFile.Arguments /></ui:InvokeWorkflowFile>
  <ui:RemoveLogFields DisplayName="Remove Log Fields">
    <ui:RemoveLogFields.Fields>
      <scg:List x:TypeArguments="InArgument(x:String)" Capacity="4"><InArgument x:TypeArguments="x:String">Attempt</InArgument></scg:List>
    </ui:RemoveLogFields.Fields>
  </ui:RemoveLogFields>
  <ui:LogMessage Level="Warn" Message="[&quot;one left&quot;]" />
  <ui:RemoveLogFields Fields="[{&quot;Invoice&quot;}]" />
  <ui:LogMessage Level="Info" Message="[&quot;after&quot;]" />
</Sequence>`);
    const child = xaml(`<WriteLine Text="in child" />`, { cls: 'Child' });
    const lines = await runWithFields(project({ 'Main.xaml': main, 'Child.xaml': child }));
    const both = { Invoice: 'INV-1', Attempt: '2' };
    expect(lines).toEqual([
      { level: 'Info', text: 'before' },
      { level: 'Info', text: 'during', fields: both },
      { level: 'Info', text: 'in child', fields: both },
      { level: 'Warn', text: 'one left', fields: { Invoice: 'INV-1' } },
      { level: 'Info', text: 'after' },
    ]);
  });

  it('passes them with the trace lines too', async () => {
    const main = xaml(`<Sequence DisplayName="Main">
  <ui:AddLogFields><ui:AddLogFields.Fields><scg:Dictionary x:TypeArguments="x:String, InArgument"><InArgument x:TypeArguments="x:String" x:Key="Step">A</InArgument></scg:Dictionary></ui:AddLogFields.Fields></ui:AddLogFields>
</Sequence>`);
    const lines = await runWithFields(project({ 'Main.xaml': main }), true);
    expect(lines.map((l) => `${l.text} ${JSON.stringify(l.fields ?? null)}`)).toEqual([
      'Executing Main null',
      'Executing AddLogFields null',
      'Closed AddLogFields {"Step":"A"}',
      'Closed Main {"Step":"A"}',
    ]);
  });
});

describe('XAML runner: Verify Expression', () => {
  it('logs a verification, sets Result and goes on when it fails (ContinueOnFailure True by default)', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:Boolean" Name="ok" /><Variable x:TypeArguments="x:Int32" Name="total" Default="7" /></Sequence.Variables>
  <uta:VerifyExpression ${VERIFY_NS} DisplayName="Verify Expression" Expression="[total &gt; 5]" Result="[ok]" />
  <WriteLine Text="[ok.ToString]" />
  <TryCatch><TryCatch.Try>
    <uta:VerifyExpression ${VERIFY_NS} Expression="[total = 8]" OutputMessageFormat="[&quot;{ExpressionText} was {Expression}, result {Result}&quot;]" Result="[ok]" />
  </TryCatch.Try>
  <TryCatch.Catches><Catch x:TypeArguments="s:Exception"><ActivityAction x:TypeArguments="s:Exception"><WriteLine Text="caught" /></ActivityAction></Catch></TryCatch.Catches></TryCatch>
  <WriteLine Text="[ok.ToString]" />
</Sequence>`);
    expect(r.lines).toEqual([
      "Info: Verify expression 'total > 5' passed",
      'Info: True',
      'Error: total = 8 was False, result False',
      'Info: False',
    ]);
  });

  it('stops the run when it fails with ContinueOnFailure False', async () => {
    const lines: string[] = [];
    const run = runBody(
      `<Sequence><uta:VerifyExpression ${VERIFY_NS} ContinueOnFailure="False" AlternativeVerificationTitle="Totals" Expression="[1 + 1 = 3]" /><WriteLine Text="never" /></Sequence>`,
      { lines },
    );
    await expect(run).rejects.toBeInstanceOf(WorkflowFailure);
    await expect(run).rejects.toMatchObject({ exceptionType: 'Exception', message: "Totals '1 + 1 = 3' failed" });
    expect(lines).toEqual(["Error: Totals '1 + 1 = 3' failed"]);
  });
});

describe('XAML runner: Append Item To List, Remove Data Column, Output Data Table', () => {
  it('appends to a list', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="scg:List(x:String)" Name="names" Default="[New List(Of String) From {&quot;a&quot;}]" /></Sequence.Variables>
  <ui:AppendItemToList x:TypeArguments="x:String" DisplayName="Append Item to List" Item="[&quot;b&quot;]" List="[names]" />
  <WriteLine Text="[String.Join(&quot;,&quot;, names)]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: a,b']);
  });

  it('removes a column by name, by DataColumn and by index, with its cells', async () => {
    const r = await runBody(
      `<Sequence>
  <ui:RemoveDataColumn ColumnName="B" DataTable="[in_T]" />
  <WriteLine Text="[String.Join(&quot;,&quot;, in_T.Columns.Cast(Of DataColumn).Select(Function(c) c.ColumnName)) + &quot; &quot; + String.Join(&quot;,&quot;, in_T.Rows(0).ItemArray)]" />
  <ui:RemoveDataColumn DataColumn="[in_T.Columns(&quot;C&quot;)]" DataTable="[in_T]" />
  <ui:RemoveDataColumn ColumnIndex="0" DataTable="[in_T]" />
  <WriteLine Text="[String.Join(&quot;,&quot;, in_T.Columns.Cast(Of DataColumn).Select(Function(c) c.ColumnName)) + &quot; &quot; + in_T.Rows(1)(0).ToString]" />
</Sequence>`,
      {
        members: `<x:Property Name="in_T" Type="InArgument(sd:DataTable)" />`,
        args: { in_T: '[{"A":"1","B":"2","C":"3","D":"4"},{"A":"5","B":"6","C":"7","D":"8"}]' },
      },
    );
    expect(r.lines).toEqual(['Info: A,C,D 1,3,4', 'Info: D 8']);
  });

  it('writes a DataTable as CSV text', async () => {
    const r = await runBody(
      `<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:String" Name="text" /></Sequence.Variables>
  <ui:OutputDataTable DataTable="[in_T]" Text="[text]" />
  <WriteLine Text="[text.Replace(vbLf, &quot;|&quot;)]" />
</Sequence>`,
      {
        members: `<x:Property Name="in_T" Type="InArgument(sd:DataTable)" />`,
        args: { in_T: '[{"Name":"Ann","City":"Paris, FR"},{"Name":"Bob","City":"Lyon"}]' },
      },
    );
    expect(r.lines).toEqual(['Info: Name,City|Ann,"Paris, FR"|Bob,Lyon|']);
  });
});
