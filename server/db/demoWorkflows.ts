// The demo companies' XAML bots: headless workflows as UiPath Studio saves them (designer view
// state included), which the reference agent's XAML runner runs to success.

/** A workflow file around `body`: Studio's namespaces, the arguments and their defaults. */
const studioWorkflow = (
  cls: string,
  members: [name: string, type: string, fallback?: string][],
  body: string,
): string => {
  const defaults = members
    .map(([name, , fallback]) => (fallback === undefined ? '' : ` this:${cls}.${name}="${fallback}"`))
    .join('');
  const properties = members.map(([name, type]) => `    <x:Property Name="${name}" Type="${type}" />`).join('\n');
  return `<Activity mc:Ignorable="sap sap2010" x:Class="${cls}"${defaults}
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:mva="clr-namespace:Microsoft.VisualBasic.Activities;assembly=System.Activities"
 xmlns:s="clr-namespace:System;assembly=mscorlib"
 xmlns:sap="http://schemas.microsoft.com/netfx/2009/xaml/activities/presentation"
 xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation"
 xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib"
 xmlns:sco="clr-namespace:System.Collections.ObjectModel;assembly=mscorlib"
 xmlns:this="clr-namespace:"
 xmlns:ui="http://schemas.uipath.com/workflow/activities"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
${properties}
  </x:Members>
  <mva:VisualBasic.Settings>
    <x:Null />
  </mva:VisualBasic.Settings>
  <sap:VirtualizedContainerService.HintSize>1006,1236</sap:VirtualizedContainerService.HintSize>
  <sap2010:WorkflowViewState.IdRef>${cls}_1</sap2010:WorkflowViewState.IdRef>
  <TextExpression.NamespacesForImplementation>
    <sco:Collection x:TypeArguments="x:String">
      <x:String>System</x:String>
      <x:String>System.Activities</x:String>
      <x:String>System.Activities.Statements</x:String>
      <x:String>System.Activities.Expressions</x:String>
      <x:String>Microsoft.VisualBasic</x:String>
      <x:String>System.Collections.Generic</x:String>
      <x:String>System.Data</x:String>
      <x:String>System.Globalization</x:String>
      <x:String>System.IO</x:String>
      <x:String>System.Linq</x:String>
      <x:String>UiPath.Core</x:String>
      <x:String>UiPath.Core.Activities</x:String>
    </sco:Collection>
  </TextExpression.NamespacesForImplementation>
  <TextExpression.ReferencesForImplementation>
    <sco:Collection x:TypeArguments="AssemblyReference">
      <AssemblyReference>Microsoft.VisualBasic</AssemblyReference>
      <AssemblyReference>mscorlib</AssemblyReference>
      <AssemblyReference>System</AssemblyReference>
      <AssemblyReference>System.Activities</AssemblyReference>
      <AssemblyReference>System.Core</AssemblyReference>
      <AssemblyReference>System.Data</AssemblyReference>
      <AssemblyReference>System.Xaml</AssemblyReference>
      <AssemblyReference>UiPath.System.Activities</AssemblyReference>
    </sco:Collection>
  </TextExpression.ReferencesForImplementation>
${body}
</Activity>
`;
};

/** Reads four sample invoices (one with an amount that is not a number) and totals them. */
export const INVOICE_READER_XAML = studioWorkflow(
  'InvoiceReader',
  [
    ['in_Folder', 'InArgument(x:String)', 'Invoices'],
    ['out_Processed', 'OutArgument(x:Int32)'],
  ],
  `  <Sequence DisplayName="Invoice Reader" sap:VirtualizedContainerService.HintSize="476,1024" sap2010:WorkflowViewState.IdRef="Sequence_2">
    <Sequence.Variables>
      <Variable x:TypeArguments="s:String[]" Default="[{&quot;INV-1001;Acme Supplies;1250.50&quot;, &quot;INV-1002;Globex;310.00&quot;, &quot;INV-1003;Initech;89.99&quot;, &quot;INV-1004;Umbrella;n/a&quot;}]" Name="invoices" />
      <Variable x:TypeArguments="s:String[]" Name="fields" />
      <Variable x:TypeArguments="x:Decimal" Name="amount" />
      <Variable x:TypeArguments="x:Decimal" Default="0" Name="total" />
    </Sequence.Variables>
    <sap:WorkflowViewStateService.ViewState>
      <scg:Dictionary x:TypeArguments="x:String, x:Object">
        <x:Boolean x:Key="IsExpanded">True</x:Boolean>
      </scg:Dictionary>
    </sap:WorkflowViewStateService.ViewState>
    <ui:LogMessage DisplayName="Log start" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_1" Message="[&quot;Reading supplier invoices from &quot; + in_Folder]" />
    <ui:ForEach x:TypeArguments="x:String" CurrentIndex="{x:Null}" DisplayName="For Each" sap:VirtualizedContainerService.HintSize="434,300" sap2010:WorkflowViewState.IdRef="ForEach\`1_1" Values="[invoices]">
      <ui:ForEach.Body>
        <ActivityAction x:TypeArguments="x:String">
          <ActivityAction.Argument>
            <DelegateInArgument x:TypeArguments="x:String" Name="invoice" />
          </ActivityAction.Argument>
          <TryCatch DisplayName="Try Catch" sap:VirtualizedContainerService.HintSize="434,400" sap2010:WorkflowViewState.IdRef="TryCatch_1">
            <TryCatch.Try>
              <Sequence DisplayName="Read invoice" sap:VirtualizedContainerService.HintSize="476,1024" sap2010:WorkflowViewState.IdRef="Sequence_1">
                <sap:WorkflowViewStateService.ViewState>
                  <scg:Dictionary x:TypeArguments="x:String, x:Object">
                    <x:Boolean x:Key="IsExpanded">True</x:Boolean>
                  </scg:Dictionary>
                </sap:WorkflowViewStateService.ViewState>
                <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_1">
                  <Assign.To>
                    <OutArgument x:TypeArguments="s:String[]">[fields]</OutArgument>
                  </Assign.To>
                  <Assign.Value>
                    <InArgument x:TypeArguments="s:String[]">[invoice.Split(";"c)]</InArgument>
                  </Assign.Value>
                </Assign>
                <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_2">
                  <Assign.To>
                    <OutArgument x:TypeArguments="x:Decimal">[amount]</OutArgument>
                  </Assign.To>
                  <Assign.Value>
                    <InArgument x:TypeArguments="x:Decimal">[CDec(fields(2))]</InArgument>
                  </Assign.Value>
                </Assign>
                <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_3">
                  <Assign.To>
                    <OutArgument x:TypeArguments="x:Decimal">[total]</OutArgument>
                  </Assign.To>
                  <Assign.Value>
                    <InArgument x:TypeArguments="x:Decimal">[total + amount]</InArgument>
                  </Assign.Value>
                </Assign>
                <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_4">
                  <Assign.To>
                    <OutArgument x:TypeArguments="x:Int32">[out_Processed]</OutArgument>
                  </Assign.To>
                  <Assign.Value>
                    <InArgument x:TypeArguments="x:Int32">[out_Processed + 1]</InArgument>
                  </Assign.Value>
                </Assign>
                <ui:LogMessage DisplayName="Log invoice" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_2" Message="[fields(0) + &quot; from &quot; + fields(1) + &quot;: &quot; + amount.ToString(&quot;N2&quot;)]" />
              </Sequence>
            </TryCatch.Try>
            <TryCatch.Catches>
              <Catch x:TypeArguments="s:InvalidCastException" sap:VirtualizedContainerService.HintSize="400,21" sap2010:WorkflowViewState.IdRef="Catch\`1_1">
                <ActivityAction x:TypeArguments="s:InvalidCastException">
                  <ActivityAction.Argument>
                    <DelegateInArgument x:TypeArguments="s:InvalidCastException" Name="exception" />
                  </ActivityAction.Argument>
                  <ui:LogMessage DisplayName="Log skipped" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_3" Level="Warn" Message="[&quot;Skipped &quot; + fields(0) + &quot;: its amount is not a number&quot;]" />
                </ActivityAction>
              </Catch>
            </TryCatch.Catches>
          </TryCatch>
        </ActivityAction>
      </ui:ForEach.Body>
    </ui:ForEach>
    <ui:LogMessage DisplayName="Log summary" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_4" Message="[&quot;Read &quot; + out_Processed.ToString + &quot; invoices from &quot; + in_Folder + &quot;, total &quot; + total.ToString(&quot;N2&quot;)]" />
  </Sequence>`,
);

/** Totals a month's payslips; warns when the total needs a second approval. */
export const PAYROLL_EXPORT_XAML = studioWorkflow(
  'PayrollExport',
  [
    ['in_Month', 'InArgument(x:String)', '2024-05'],
    ['out_Processed', 'OutArgument(x:Int32)'],
  ],
  `  <Sequence DisplayName="Payroll Export" sap:VirtualizedContainerService.HintSize="476,1024" sap2010:WorkflowViewState.IdRef="Sequence_4">
    <Sequence.Variables>
      <Variable x:TypeArguments="scg:Dictionary(x:String, x:Decimal)" Default="[New Dictionary(Of String, Decimal) From {{&quot;E-101 Ada&quot;, 4200D}, {&quot;E-102 Grace&quot;, 3950.5D}, {&quot;E-103 Alan&quot;, 4100D}}]" Name="salaries" />
      <Variable x:TypeArguments="s:DateTime" Name="period" />
      <Variable x:TypeArguments="x:Decimal" Default="0" Name="total" />
    </Sequence.Variables>
    <sap:WorkflowViewStateService.ViewState>
      <scg:Dictionary x:TypeArguments="x:String, x:Object">
        <x:Boolean x:Key="IsExpanded">True</x:Boolean>
      </scg:Dictionary>
    </sap:WorkflowViewStateService.ViewState>
    <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_5">
      <Assign.To>
        <OutArgument x:TypeArguments="s:DateTime">[period]</OutArgument>
      </Assign.To>
      <Assign.Value>
        <InArgument x:TypeArguments="s:DateTime">[DateTime.ParseExact(in_Month, "yyyy-MM", System.Globalization.CultureInfo.InvariantCulture)]</InArgument>
      </Assign.Value>
    </Assign>
    <ui:LogMessage DisplayName="Log period" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_5" Message="[&quot;Payroll for &quot; + period.ToString(&quot;MMMM yyyy&quot;)]" />
    <ui:ForEach x:TypeArguments="scg:KeyValuePair(x:String, x:Decimal)" CurrentIndex="{x:Null}" DisplayName="For Each" sap:VirtualizedContainerService.HintSize="434,300" sap2010:WorkflowViewState.IdRef="ForEach\`1_2" Values="[salaries]">
      <ui:ForEach.Body>
        <ActivityAction x:TypeArguments="scg:KeyValuePair(x:String, x:Decimal)">
          <ActivityAction.Argument>
            <DelegateInArgument x:TypeArguments="scg:KeyValuePair(x:String, x:Decimal)" Name="entry" />
          </ActivityAction.Argument>
          <Sequence DisplayName="Add payslip" sap:VirtualizedContainerService.HintSize="476,1024" sap2010:WorkflowViewState.IdRef="Sequence_3">
            <sap:WorkflowViewStateService.ViewState>
              <scg:Dictionary x:TypeArguments="x:String, x:Object">
                <x:Boolean x:Key="IsExpanded">True</x:Boolean>
              </scg:Dictionary>
            </sap:WorkflowViewStateService.ViewState>
            <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_6">
              <Assign.To>
                <OutArgument x:TypeArguments="x:Decimal">[total]</OutArgument>
              </Assign.To>
              <Assign.Value>
                <InArgument x:TypeArguments="x:Decimal">[total + entry.Value]</InArgument>
              </Assign.Value>
            </Assign>
            <Assign DisplayName="Assign" sap:VirtualizedContainerService.HintSize="434,60" sap2010:WorkflowViewState.IdRef="Assign_7">
              <Assign.To>
                <OutArgument x:TypeArguments="x:Int32">[out_Processed]</OutArgument>
              </Assign.To>
              <Assign.Value>
                <InArgument x:TypeArguments="x:Int32">[out_Processed + 1]</InArgument>
              </Assign.Value>
            </Assign>
            <WriteLine DisplayName="Write Line" sap:VirtualizedContainerService.HintSize="434,62" sap2010:WorkflowViewState.IdRef="WriteLine_1" Text="[entry.Key + &quot;: &quot; + entry.Value.ToString(&quot;N2&quot;)]" />
          </Sequence>
        </ActivityAction>
      </ui:ForEach.Body>
    </ui:ForEach>
    <If Condition="[total &gt; 10000]" DisplayName="If" sap:VirtualizedContainerService.HintSize="434,208" sap2010:WorkflowViewState.IdRef="If_1">
      <If.Then>
        <ui:LogMessage DisplayName="Log Message" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_6" Level="Warn" Message="[&quot;Total above 10,000: the export needs a second approval&quot;]" />
      </If.Then>
    </If>
    <ui:LogMessage DisplayName="Log summary" sap:VirtualizedContainerService.HintSize="434,91" sap2010:WorkflowViewState.IdRef="LogMessage_7" Message="[out_Processed.ToString + &quot; payslips, total &quot; + total.ToString(&quot;N2&quot;) + &quot;, ready as Payroll-&quot; + period.ToString(&quot;yyyy-MM&quot;) + &quot;.csv&quot;]" />
  </Sequence>`,
);
