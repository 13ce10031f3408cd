// Workflow bots of the agent's XAML suite, written for it: the real namespaces and the designer
// noise UiPath Studio leaves in a file, VB expressions, and the lines each is expected to log.

/** A workflow file around `body` (its root activity), with `members` as its x:Members. */
export function studioXaml(body: string, members = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<Activity mc:Ignorable="sap sap2010 sads" x:Class="Main"
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:mva="clr-namespace:Microsoft.VisualBasic.Activities;assembly=System.Activities"
 xmlns:s="clr-namespace:System;assembly=mscorlib"
 xmlns:sads="http://schemas.microsoft.com/netfx/2010/xaml/activities/debugger"
 xmlns:sap="http://schemas.microsoft.com/netfx/2009/xaml/activities/presentation"
 xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation"
 xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib"
 xmlns:ui="http://schemas.uipath.com/workflow/activities"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
${members}
  </x:Members>
  <mva:VisualBasic.Settings>
    <x:Null />
  </mva:VisualBasic.Settings>
  <sap2010:WorkflowViewState.IdRef>Main_1</sap2010:WorkflowViewState.IdRef>
${body}
</Activity>
`;
}

/** Greets its In argument: a WriteLine (Info), a LogMessage at Warn, the greeting as its Out argument. */
export const GREETER = studioXaml(
  `  <Sequence DisplayName="Greet" sap2010:WorkflowViewState.IdRef="Sequence_1">
    <Assign DisplayName="Make the greeting" sap2010:WorkflowViewState.IdRef="Assign_1">
      <Assign.To>
        <OutArgument x:TypeArguments="x:String">[out_Greeting]</OutArgument>
      </Assign.To>
      <Assign.Value>
        <InArgument x:TypeArguments="x:String">["Hello, " + in_Name]</InArgument>
      </Assign.Value>
    </Assign>
    <WriteLine DisplayName="Say it" Text="[out_Greeting]" sap2010:WorkflowViewState.IdRef="WriteLine_1" />
    <ui:LogMessage DisplayName="Warn" Level="Warn" Message="[&quot;Careful with &quot; + in_Name.ToUpper]" sap2010:WorkflowViewState.IdRef="LogMessage_1" />
  </Sequence>`,
  `    <x:Property Name="in_Name" Type="InArgument(x:String)" />
    <x:Property Name="out_Greeting" Type="OutArgument(x:String)" />`,
);

/** Needs a desktop: refused at load, so its first WriteLine never runs. */
export const CLICKER = studioXaml(`  <Sequence DisplayName="Click">
    <WriteLine Text="not to be seen" />
    <ui:Click DisplayName="Click 'OK'" />
  </Sequence>`);

/** Throws an exception nobody catches after one line. */
export const THROWER = studioXaml(`  <Sequence DisplayName="Throw">
    <WriteLine Text="checking the stock" />
    <Throw Exception="[New InvalidOperationException(&quot;No stock left&quot;)]" />
  </Sequence>`);

/** Says it waits, then waits five minutes. */
export const WAITER = studioXaml(`  <Sequence DisplayName="Wait">
    <WriteLine Text="waiting" />
    <Delay Duration="00:05:00" />
    <WriteLine Text="not to be seen" />
  </Sequence>`);

/**
 * Adds two custom log fields (one from its In argument), logs, takes one off, logs, takes the
 * other off, logs: UiPath's Add Log Fields and Remove Log Fields.
 */
export const FIELDER = studioXaml(
  `  <Sequence DisplayName="Fields">
    <WriteLine Text="no fields yet" />
    <ui:AddLogFields DisplayName="Add Log Fields">
      <ui:AddLogFields.Fields>
        <scg:Dictionary x:TypeArguments="x:String, InArgument">
          <InArgument x:TypeArguments="x:String" x:Key="Customer">[in_Customer]</InArgument>
          <InArgument x:TypeArguments="x:Int32" x:Key="Attempt">[1 + 1]</InArgument>
        </scg:Dictionary>
      </ui:AddLogFields.Fields>
    </ui:AddLogFields>
    <WriteLine Text="with both" />
    <ui:RemoveLogFields DisplayName="Remove Log Fields" Fields="[{&quot;Customer&quot;}]" />
    <ui:LogMessage Level="Warn" Message="[&quot;with one&quot;]" />
    <ui:RemoveLogFields DisplayName="Remove Log Fields" Fields="[{&quot;Attempt&quot;}]" />
    <WriteLine Text="none left" />
  </Sequence>`,
  `    <x:Property Name="in_Customer" Type="InArgument(x:String)" />`,
);
