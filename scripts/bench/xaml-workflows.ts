// The workflows the XAML bench runs, shared by the throughput run (xaml-measure.ts) and the
// cold-load samples (xaml-cold.ts), so both measure the same text.
import type { ProjectFiles } from '../../agent/xaml/api';

export const HEAD = `<Activity mc:Ignorable="sap sap2010 sads" x:Class="Main"
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:sads="http://schemas.microsoft.com/netfx/2010/xaml/activities/debugger"
 xmlns:sap="http://schemas.microsoft.com/netfx/2009/xaml/activities/presentation"
 xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation"
 xmlns:ui="http://schemas.uipath.com/workflow/activities"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">`;

export const LOOPS = 100_000;

/**
 * The loop: While i < LOOPS { Sequence { Assign s = "Item " + i.ToString; If s.EndsWith("7")
 * Then Assign hits = hits + 1; Assign i = i + 1 } }. Activities run: the While once, and per turn
 * the Sequence, two Assigns, the If, and the Then's Assign one turn in ten.
 */
export function loopWorkflow(): string {
  return `${HEAD}
  <Sequence DisplayName="Main Sequence" sap2010:WorkflowViewState.IdRef="Sequence_1">
    <Sequence.Variables>
      <Variable x:TypeArguments="x:Int32" Name="i" Default="0" />
      <Variable x:TypeArguments="x:Int32" Name="hits" Default="0" />
      <Variable x:TypeArguments="x:String" Name="s" />
    </Sequence.Variables>
    <While DisplayName="Loop" Condition="[i &lt; ${LOOPS}]">
      <Sequence DisplayName="Body">
        <Assign DisplayName="Name">
          <Assign.To><OutArgument x:TypeArguments="x:String">[s]</OutArgument></Assign.To>
          <Assign.Value><InArgument x:TypeArguments="x:String">["Item " + i.ToString]</InArgument></Assign.Value>
        </Assign>
        <If Condition="[s.EndsWith(&quot;7&quot;)]" DisplayName="Ends with 7?">
          <If.Then>
            <Assign DisplayName="Count">
              <Assign.To><OutArgument x:TypeArguments="x:Int32">[hits]</OutArgument></Assign.To>
              <Assign.Value><InArgument x:TypeArguments="x:Int32">[hits + 1]</InArgument></Assign.Value>
            </Assign>
          </If.Then>
        </If>
        <Assign DisplayName="Next">
          <Assign.To><OutArgument x:TypeArguments="x:Int32">[i]</OutArgument></Assign.To>
          <Assign.Value><InArgument x:TypeArguments="x:Int32">[i + 1]</InArgument></Assign.Value>
        </Assign>
      </Sequence>
    </While>
    <ui:LogMessage DisplayName="Result" Level="Info" Message="[&quot;hits: &quot; + hits.ToString]" />
  </Sequence>
</Activity>`;
}
export const LOOP_ACTIVITIES = 1 + LOOPS * 4 + LOOPS / 10 + 2; // + the outer Sequence and the LogMessage

/** 500 activities as a designer saves them: nested Sequences of Assign, If, WriteLine and LogMessage. */
export function wideWorkflow(): string {
  const blocks: string[] = [];
  let count = 1; // the root Sequence
  for (let b = 0; count < 500; b++) {
    blocks.push(`    <Sequence DisplayName="Step ${b}" sap2010:WorkflowViewState.IdRef="Sequence_${b + 2}">
      <sap:WorkflowViewStateService.ViewState><scg:Dictionary x:TypeArguments="x:String, x:Object" xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib"><x:Boolean x:Key="IsExpanded">True</x:Boolean></scg:Dictionary></sap:WorkflowViewStateService.ViewState>
      <Assign DisplayName="Set ${b}">
        <Assign.To><OutArgument x:TypeArguments="x:String">[s]</OutArgument></Assign.To>
        <Assign.Value><InArgument x:TypeArguments="x:String">[String.Format("{0}-{1}", s, ${b}).Trim]</InArgument></Assign.Value>
      </Assign>
      <If Condition="[s.Length &gt; ${b} AndAlso Not s.Contains(&quot;x&quot;)]" DisplayName="Check ${b}">
        <If.Then><WriteLine Text="[&quot;Step ${b}: &quot; + s.Substring(0, 1)]" /></If.Then>
      </If>
      <ui:LogMessage DisplayName="Log ${b}" Level="Trace" Message="[&quot;at &quot; + s.Length.ToString(&quot;D4&quot;)]" />
    </Sequence>`);
    count += 5;
  }
  return `${HEAD}
  <Sequence DisplayName="Main" sap2010:WorkflowViewState.IdRef="Sequence_1">
    <Sequence.Variables><Variable x:TypeArguments="x:String" Name="s" Default="start" /></Sequence.Variables>
${blocks.join('\n')}
  </Sequence>
</Activity>`;
}

export const project = (text: string): ProjectFiles => ({
  main: 'Main.xaml',
  read: (p) => (p === 'Main.xaml' ? text : null),
});
