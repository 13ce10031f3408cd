import { describe, expect, it } from 'vitest';
import { WorkflowFailure } from '../../../../agent/xaml/runner';
import { runBody } from './helpers';

describe('XAML runner: collection activities, InvokeMethod, ForEachRow, TerminateWorkflow', () => {
  it('adds, checks, removes and clears with the collection activities and InvokeMethod', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables>
    <Variable x:TypeArguments="scg:List(x:String)" Name="names" Default="[New List(Of String)]" />
    <Variable x:TypeArguments="x:Boolean" Name="found" />
    <Variable x:TypeArguments="x:String" Name="joined" />
  </Sequence.Variables>
  <AddToCollection x:TypeArguments="x:String" Collection="[names]" Item="a" />
  <AddToCollection x:TypeArguments="x:String" Collection="[names]" Item="[&quot;b&quot;]" />
  <InvokeMethod MethodName="Add"><InvokeMethod.TargetObject><InArgument x:TypeArguments="scg:List(x:String)">[names]</InArgument></InvokeMethod.TargetObject><InArgument x:TypeArguments="x:String">["c"]</InArgument></InvokeMethod>
  <ExistsInCollection x:TypeArguments="x:String" Collection="[names]" Item="b" Result="[found]" />
  <WriteLine Text="[String.Join(&quot;,&quot;, names) + &quot; &quot; + found.ToString]" />
  <RemoveFromCollection x:TypeArguments="x:String" Collection="[names]" Item="b" />
  <InvokeMethod MethodName="Join" TargetType="x:String"><InvokeMethod.Result><OutArgument x:TypeArguments="x:String">[joined]</OutArgument></InvokeMethod.Result><InvokeMethod.Parameters><InArgument x:TypeArguments="x:String">-</InArgument><InArgument x:TypeArguments="scg:List(x:String)">[names]</InArgument></InvokeMethod.Parameters></InvokeMethod>
  <WriteLine Text="[joined]" />
  <ClearCollection x:TypeArguments="x:String" Collection="[names]" />
  <WriteLine Text="[names.Count.ToString]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: a,b,c True', 'Info: a-c', 'Info: 0']);
  });

  it('walks a DataTable with ForEachRow', async () => {
    const r = await runBody(
      `<ui:ForEachRow CurrentIndex="[i]" DataTable="[in_Table]"><ui:ForEachRow.Body><ActivityAction x:TypeArguments="sd:DataRow"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="sd:DataRow" Name="row" /></ActivityAction.Argument>
  <WriteLine Text="[i.ToString + &quot;:&quot; + row(&quot;name&quot;).ToString]" />
</ActivityAction></ui:ForEachRow.Body></ui:ForEachRow>`,
      {
        members: `<x:Property Name="in_Table" Type="InArgument(sd:DataTable)" /><x:Property Name="i" Type="InOutArgument(x:Int32)" />`,
        args: { in_Table: '[{"name":"x"},{"name":"y"}]' },
      },
    );
    expect(r.lines).toEqual(['Info: 0:x', 'Info: 1:y']);
    expect(r.out).toEqual({ i: '1' });
  });

  it('ends the run with TerminateWorkflow, which no TryCatch catches', async () => {
    const run =
      runBody(`<TryCatch><TryCatch.Try><Sequence><TerminateWorkflow Reason="[&quot;stop: &quot; + 42.ToString]" /><WriteLine Text="never" /></Sequence></TryCatch.Try>
  <TryCatch.Catches><Catch x:TypeArguments="s:Exception"><ActivityAction x:TypeArguments="s:Exception"><WriteLine Text="caught" /></ActivityAction></Catch></TryCatch.Catches></TryCatch>`);
    await expect(run).rejects.toBeInstanceOf(WorkflowFailure);
    await expect(run).rejects.toMatchObject({ exceptionType: 'WorkflowTerminatedException', message: 'stop: 42' });
  });
});

describe('XAML runner: a failing Parallel branch', () => {
  it('stops the other branches and fails with the first exception', async () => {
    const lines: string[] = [];
    const run = runBody(
      `<Parallel>
  <Sequence><WriteLine Text="slow starts" /><Delay Duration="00:00:00.300" /><WriteLine Text="slow ends" /></Sequence>
  <Sequence><Delay Duration="00:00:00.020" /><Throw Exception="[New InvalidOperationException(&quot;branch failed&quot;)]" /></Sequence>
</Parallel>`,
      { lines },
    );
    await expect(run).rejects.toMatchObject({ exceptionType: 'InvalidOperationException', message: 'branch failed' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lines).toEqual(['Info: slow starts']);
  });
});

describe('XAML runner: a list changed inside its own For Each', () => {
  it('walks the items the list had when the loop started', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="scg:List(x:Int32)" Name="nums" Default="[New List(Of Integer) From {1, 2}]" /></Sequence.Variables>
  <ui:ForEach x:TypeArguments="x:Int32" Values="[nums]"><ui:ForEach.Body><ActivityAction x:TypeArguments="x:Int32"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:Int32" Name="n" /></ActivityAction.Argument>
    <Sequence><AddToCollection x:TypeArguments="x:Int32" Collection="[nums]" Item="[n * 10]" /><WriteLine Text="[n.ToString]" /></Sequence>
  </ActivityAction></ui:ForEach.Body></ui:ForEach>
  <WriteLine Text="[String.Join(&quot;,&quot;, nums)]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: 1', 'Info: 2', 'Info: 1,2,10,20']);
  });
});
