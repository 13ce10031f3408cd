import { folderHost, loadWorkflow, runWorkflow } from '../xaml/api';

/**
 * A small workflow the waiting workflow process loads and runs before it says it is ready: the
 * parser, the expression compiler and the common activities have then run once, so the run that
 * comes next is loaded by code the engine has already optimised, not by code it meets for the
 * first time. It writes nothing and logs nowhere.
 */
const WARM_UP = `<Activity mc:Ignorable="sap2010" x:Class="WarmUp"
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:s="clr-namespace:System;assembly=mscorlib"
 xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation"
 xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib"
 xmlns:ui="http://schemas.uipath.com/workflow/activities"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property Name="in_Name" Type="InArgument(x:String)" />
    <x:Property Name="out_Count" Type="OutArgument(x:Int32)" />
  </x:Members>
  <Sequence DisplayName="Warm up" sap2010:WorkflowViewState.IdRef="Sequence_1">
    <Sequence.Variables>
      <Variable x:TypeArguments="x:Int32" Name="i" Default="0" />
      <Variable x:TypeArguments="x:String" Name="text" Default="start" />
      <Variable x:TypeArguments="s:String[]" Name="items" Default="[{&quot;a&quot;, &quot;b&quot;, &quot;c&quot;}]" />
      <Variable x:TypeArguments="scg:Dictionary(x:String, x:Int32)" Name="counts" Default="[New Dictionary(Of String, Integer)]" />
    </Sequence.Variables>
    <While DisplayName="Loop" Condition="[i &lt; 3 AndAlso Not String.IsNullOrEmpty(text)]">
      <Sequence DisplayName="Turn">
        <Assign DisplayName="Text">
          <Assign.To><OutArgument x:TypeArguments="x:String">[text]</OutArgument></Assign.To>
          <Assign.Value><InArgument x:TypeArguments="x:String">[String.Format("{0}-{1}", text.Trim.ToUpper, i.ToString("D2")) + in_Name]</InArgument></Assign.Value>
        </Assign>
        <If Condition="[text.Contains(&quot;-0&quot;) OrElse text.Length &gt; 40]" DisplayName="Check">
          <If.Then><WriteLine Text="[text.Substring(0, 1)]" /></If.Then>
          <If.Else><ui:LogMessage Level="Trace" Message="[&quot;at &quot; + i.ToString]" /></If.Else>
        </If>
        <Assign DisplayName="Next">
          <Assign.To><OutArgument x:TypeArguments="x:Int32">[i]</OutArgument></Assign.To>
          <Assign.Value><InArgument x:TypeArguments="x:Int32">[i + 1]</InArgument></Assign.Value>
        </Assign>
      </Sequence>
    </While>
    <ForEach x:TypeArguments="x:String" DisplayName="Each" Values="[items]">
      <ActivityAction x:TypeArguments="x:String">
        <ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:String" Name="item" /></ActivityAction.Argument>
        <Assign DisplayName="Count">
          <Assign.To><OutArgument x:TypeArguments="x:Int32">[counts(item)]</OutArgument></Assign.To>
          <Assign.Value><InArgument x:TypeArguments="x:Int32">[If(counts.ContainsKey(item), counts(item) + 1, 1)]</InArgument></Assign.Value>
        </Assign>
      </ActivityAction>
    </ForEach>
    <TryCatch DisplayName="Try">
      <TryCatch.Try>
        <Throw Exception="[New InvalidOperationException(&quot;warm&quot;)]" />
      </TryCatch.Try>
      <TryCatch.Catches>
        <Catch x:TypeArguments="s:Exception">
          <ActivityAction x:TypeArguments="s:Exception">
            <ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:Exception" Name="exception" /></ActivityAction.Argument>
            <WriteLine Text="[exception.Message]" />
          </ActivityAction>
        </Catch>
      </TryCatch.Catches>
    </TryCatch>
    <Assign DisplayName="Out">
      <Assign.To><OutArgument x:TypeArguments="x:Int32">[out_Count]</OutArgument></Assign.To>
      <Assign.Value><InArgument x:TypeArguments="x:Int32">[counts.Count + i]</InArgument></Assign.Value>
    </Assign>
  </Sequence>
</Activity>`;

/** How often the warm-up loads its workflow: enough turns for the engine to optimise the loader. */
const LOADS = 25;
/** How often it runs it (running is the cheaper part to warm). */
const RUNS = 3;

const project = { main: 'WarmUp.xaml', read: (p: string) => (p === 'WarmUp.xaml' ? WARM_UP : null) };

/** Loads the warm-up workflow LOADS times and runs it RUNS times; answers whether all of it went well. */
export async function warmUp(folder: string): Promise<boolean> {
  try {
    for (let turn = 0; turn < LOADS; turn++) {
      const workflow = loadWorkflow(project);
      if (turn >= RUNS) continue;
      await runWorkflow(workflow, {
        args: { in_Name: 'x' },
        log: () => undefined,
        trace: turn === 0,
        signal: new AbortController().signal,
        host: folderHost(folder),
      });
    }
    return true;
  } catch {
    return false;
  }
}
