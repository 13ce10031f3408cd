import { describe, expect, it } from 'vitest';
import { runBody } from './helpers';

const assign = (to: string, value: string, type = 'x:String') =>
  `<Assign sap2010:WorkflowViewState.IdRef="Assign_1"><Assign.To><OutArgument x:TypeArguments="${type}">[${to}]</OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="${type}">${value}</InArgument></Assign.Value></Assign>`;

describe('XAML runner: sequences, assignments, log lines', () => {
  it('runs a sequence with variables, Assign in its three forms, WriteLine and LogMessage levels', async () => {
    const r = await runBody(`<Sequence DisplayName="Main Sequence" sap:VirtualizedContainerService.HintSize="400,300">
  <Sequence.Variables>
    <Variable x:TypeArguments="x:Int32" Name="count" Default="40" />
    <Variable x:TypeArguments="x:String" Name="text" />
    <Variable x:TypeArguments="x:Boolean" Name="flag" />
  </Sequence.Variables>
  <sap:WorkflowViewStateService.ViewState><scg:Dictionary x:TypeArguments="x:String, x:Object"><x:Boolean x:Key="IsExpanded">True</x:Boolean></scg:Dictionary></sap:WorkflowViewStateService.ViewState>
  ${assign('count', '[count + 2]', 'x:Int32')}
  <Assign x:TypeArguments="x:String" To="[text]" Value="[&quot;n=&quot; + count.ToString]" />
  <Assign DisplayName="Assign flag"><Assign.To><OutArgument x:TypeArguments="x:Boolean"><mva:VisualBasicReference x:TypeArguments="x:Boolean" ExpressionText="flag" /></OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:Boolean"><mva:VisualBasicValue x:TypeArguments="x:Boolean" ExpressionText="count &gt; 41" /></InArgument></Assign.Value></Assign>
  <WriteLine Text="[text]" />
  <WriteLine Text="plain text" />
  <ui:LogMessage Message="[flag]" />
  <ui:LogMessage Level="Trace" Message="t" />
  <ui:LogMessage Level="Warn" Message="w" />
  <ui:LogMessage Level="Error" Message="[String.Format(&quot;{0}-{1}&quot;, 1, 2)]" />
  <ui:LogMessage Level="Fatal" Message="f" />
  <ui:MessageBox Text="[&quot;Box: &quot; + text]" />
  <ui:Comment Text="// nothing happens" />
</Sequence>`);
    expect(r.lines).toEqual([
      'Info: n=42',
      'Info: plain text',
      'Info: True',
      'Trace: t',
      'Warn: w',
      'Error: 1-2',
      'Fatal: f',
      'Info: Box: n=42',
    ]);
  });

  it('skips CommentOut without checking what it holds', async () => {
    const r = await runBody(`<Sequence>
  <ui:CommentOut><ui:CommentOut.Body><Sequence><ui:Click DisplayName="Click" /><WriteLine Text="never" /></Sequence></ui:CommentOut.Body></ui:CommentOut>
  <WriteLine Text="after" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: after']);
  });

  it('assigns several values with MultipleAssign, in order', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:String" Name="a" /><Variable x:TypeArguments="x:Int32" Name="b" /></Sequence.Variables>
  <ui:MultipleAssign><ui:MultipleAssign.AssignOperations><scg:List x:TypeArguments="ui:AssignOperation" Capacity="4">
    <ui:AssignOperation><ui:AssignOperation.To><OutArgument x:TypeArguments="x:String">[a]</OutArgument></ui:AssignOperation.To><ui:AssignOperation.Value><InArgument x:TypeArguments="x:String">["x"]</InArgument></ui:AssignOperation.Value></ui:AssignOperation>
    <ui:AssignOperation><ui:AssignOperation.To><OutArgument x:TypeArguments="x:Int32">[b]</OutArgument></ui:AssignOperation.To><ui:AssignOperation.Value><InArgument x:TypeArguments="x:Int32">[a.Length + 6]</InArgument></ui:AssignOperation.Value></ui:AssignOperation>
  </scg:List></ui:MultipleAssign.AssignOperations></ui:MultipleAssign>
  <WriteLine Text="[a + b.ToString]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: x7']);
  });

  it('opens a scope per Sequence: inner variables shadow and vanish, defaults see earlier variables', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:String" Name="name" Default="outer" /><Variable x:TypeArguments="x:String" Name="upper" Default="[name.ToUpper]" /></Sequence.Variables>
  <Sequence>
    <Sequence.Variables><Variable x:TypeArguments="x:String" Name="name" Default="inner" /></Sequence.Variables>
    <WriteLine Text="[name]" />
  </Sequence>
  <WriteLine Text="[name + &quot; &quot; + upper]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: inner', 'Info: outer OUTER']);
  });

  it('runs C# workflows (CSharpValue, CSharpReference)', async () => {
    const r = await runBody(
      `<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="n" /></Sequence.Variables>
  <Assign><Assign.To><OutArgument x:TypeArguments="x:Int32"><mca:CSharpReference x:TypeArguments="x:Int32">n</mca:CSharpReference></OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:Int32"><mca:CSharpValue x:TypeArguments="x:Int32">in_Count * 2</mca:CSharpValue></InArgument></Assign.Value></Assign>
  <If><If.Condition><InArgument x:TypeArguments="x:Boolean"><mca:CSharpValue x:TypeArguments="x:Boolean">n &gt; 5 &amp;&amp; in_Name != null</mca:CSharpValue></InArgument></If.Condition>
    <If.Then><WriteLine><WriteLine.Text><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">$"{in_Name}: {n}"</mca:CSharpValue></InArgument></WriteLine.Text></WriteLine></If.Then>
  </If>
</Sequence>`,
      {
        cs: true,
        members: `<x:Property Name="in_Count" Type="InArgument(x:Int32)" /><x:Property Name="in_Name" Type="InArgument(x:String)" />`,
        args: { in_Count: '4', in_Name: 'cs' },
      },
    );
    expect(r.lines).toEqual(['Info: cs: 8']);
  });

  it('writes Executing/Closed trace lines only when tracing', async () => {
    const body = `<Sequence DisplayName="Outer"><WriteLine DisplayName="Say" Text="hi" /></Sequence>`;
    expect((await runBody(body)).lines).toEqual(['Info: hi']);
    expect((await runBody(body, { trace: true })).lines).toEqual([
      'Trace: Executing Outer',
      'Trace: Executing Say',
      'Info: hi',
      'Trace: Closed Say',
      'Trace: Closed Outer',
    ]);
  });
});

describe('XAML runner: arguments', () => {
  const members = `<x:Property Name="in_Count" Type="InArgument(x:Int32)" />
    <x:Property Name="in_Names" Type="InArgument(s:String[])" />
    <x:Property Name="in_Map" Type="InArgument(scg:Dictionary(x:String, x:Int32))" />
    <x:Property Name="io_Total" Type="InOutArgument(x:Int32)" />
    <x:Property Name="out_List" Type="OutArgument(scg:List(x:String))" />
    <x:Property Name="out_Table" Type="OutArgument(sd:DataTable)" />
    <x:Property Name="out_Text" Type="OutArgument(x:String)" />`;

  it('converts parameters to the argument types and reports Out/InOut as text and JSON', async () => {
    const r = await runBody(
      `<Sequence>
  ${assign('io_Total', '[io_Total + in_Count + in_Map("b")]', 'x:Int32')}
  ${assign('out_List', '[New List(Of String)(in_Names)]', 'scg:List(x:String)')}
  ${assign('out_Table', '[New DataTable("t")]', 'sd:DataTable')}
  <WriteLine Text="[String.Join(&quot;,&quot;, in_Names) + &quot; &quot; + in_Names.Length.ToString]" />
</Sequence>`,
      {
        members,
        defaults: 'this:Main.io_Total="100"',
        args: { in_Count: '5', in_Names: '["a","b"]', in_Map: '{"b": 7}' },
      },
    );
    expect(r.lines).toEqual(['Info: a,b 2']);
    expect(r.out).toEqual({ io_Total: '112', out_List: '["a","b"]', out_Table: '[]', out_Text: '' });
  });

  it('keeps the default for an argument left out or left empty', async () => {
    const r = await runBody(`<WriteLine Text="[in_Name + in_N.ToString]" />`, {
      members: `<x:Property Name="in_Name" Type="InArgument(x:String)" /><x:Property Name="in_N" Type="InArgument(x:Int32)" />`,
      defaults: 'this:Main.in_Name="dflt" this:Main.in_N="3"',
      args: { in_N: '' },
    });
    expect(r.lines).toEqual(['Info: dflt3']);
  });

  it('rejects a value that does not convert, an unknown name, and an Out argument, before running', async () => {
    const o = { members, args: {} as Record<string, string> };
    await expect(runBody(`<WriteLine Text="ran" />`, { ...o, args: { in_Count: 'abc' } })).rejects.toThrow(
      "Argument 'in_Count' expects Int32: 'abc' is not a valid Int32",
    );
    await expect(runBody(`<WriteLine Text="ran" />`, { ...o, args: { in_Names: '[1,' } })).rejects.toThrow(
      /Argument 'in_Names' expects String\[\]: .* is not JSON/,
    );
    await expect(runBody(`<WriteLine Text="ran" />`, { ...o, args: { nope: '1' } })).rejects.toThrow(
      "Argument 'nope' is not an argument of Main.xaml",
    );
    await expect(runBody(`<WriteLine Text="ran" />`, { ...o, args: { out_Text: '1' } })).rejects.toThrow(
      'is an Out argument',
    );
  });
});

describe('XAML runner: collections as Out arguments', () => {
  it('reports a DataTable and a Dictionary as JSON', async () => {
    const ok = await runBody(
      `<Sequence>
  <Assign x:TypeArguments="sd:DataTable" To="[out_Table]" Value="[in_Table]" />
  <Assign x:TypeArguments="scg:Dictionary(x:String, x:Object)" To="[out_Map]" Value="[New Dictionary(Of String, Object) From {{&quot;n&quot;, 1}, {&quot;s&quot;, &quot;x&quot;}}]" />
  <WriteLine Text="[in_Table.Rows.Count.ToString + &quot; &quot; + in_Table.Rows(1)(&quot;name&quot;).ToString]" />
</Sequence>`,
      {
        members: `<x:Property Name="in_Table" Type="InArgument(sd:DataTable)" /><x:Property Name="out_Table" Type="OutArgument(sd:DataTable)" /><x:Property Name="out_Map" Type="OutArgument(scg:Dictionary(x:String, x:Object))" />`,
        args: { in_Table: '[{"name":"a","n":1},{"name":"b","n":2}]' },
      },
    );
    expect(ok.lines).toEqual(['Info: 2 b']);
    expect(ok.out).toEqual({ out_Table: '[{"name":"a","n":1},{"name":"b","n":2}]', out_Map: '{"n":1,"s":"x"}' });
  });
});

describe('XAML runner: namespace spellings', () => {
  it('reads WF and UiPath activities under their clr-namespace spellings and any prefix', async () => {
    const r = await runBody(
      `<sas:Sequence><uc:LogMessage Level="Warn" Message="old style" /><p:WriteLine Text="prefixed WF" /></sas:Sequence>`,
      {
        defaults: `xmlns:uc="clr-namespace:UiPath.Core.Activities;assembly=UiPath.Core.Activities" xmlns:sas="clr-namespace:System.Activities.Statements;assembly=System.Activities" xmlns:p="http://schemas.microsoft.com/netfx/2009/xaml/activities"`,
      },
    );
    expect(r.lines).toEqual(['Warn: old style', 'Info: prefixed WF']);
  });
});
