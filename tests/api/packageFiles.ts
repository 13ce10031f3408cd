import { strToU8, zipSync, type Zippable } from 'fflate';

/** Workflow files and packages for the package tests (written for them, with the studio's namespaces). */
const HEAD = `<Activity mc:Ignorable="sap sap2010" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation" xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib" xmlns:sd="clr-namespace:System.Data;assembly=System.Data" xmlns:this="clr-namespace:Invoices" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml"`;

/** The main workflow: arguments with defaults (a literal, a VB expression), long names, typed ones. */
export const MAIN = `<?xml version="1.0" encoding="utf-8"?>
${HEAD} x:Class="Invoices.Main" this:Main.in_Greeting="Hello" this:Main.in_RetryCount="[3 + 0]" this:Main.in_Label="[&quot;A &amp; B&quot;]">
  <x:Members>
    <x:Property Name="in_initialMailContent" Type="InArgument(x:String)" />
    <x:Property Name="in_Greeting" Type="InArgument(x:String)" />
    <x:Property Name="in_RetryCount" Type="InArgument(x:Int32)" />
    <x:Property Name="in_Label" Type="InArgument(x:String)" />
    <x:Property Name="in_Rate" Type="InArgument(x:Double)" />
    <x:Property Name="in_Strict" Type="InArgument(x:Boolean)" />
    <x:Property Name="in_Names" Type="InArgument(s:String[])" />
    <x:Property Name="in_Limits" Type="InArgument(scg:Dictionary(x:String, x:Int32))" />
    <x:Property Name="in_Rows" Type="InArgument(sd:DataTable)" />
    <x:Property Name="io_Total" Type="InOutArgument(x:Int32)" />
    <x:Property Name="out_Summary" Type="OutArgument(x:String)" />
  </x:Members>
  <Sequence DisplayName="Main">
    <ui:InvokeWorkflowFile xmlns:ui="http://schemas.uipath.com/workflow/activities" WorkflowFileName="Invokes\\Get Flag.xaml" />
  </Sequence>
</Activity>`;

export const INVOKED = `<?xml version="1.0" encoding="utf-8"?>
${HEAD} x:Class="Invoices.GetFlag">
  <x:Members>
    <x:Property Name="out_Flag" Type="OutArgument(x:Boolean)" />
  </x:Members>
  <Sequence />
</Activity>`;

export const PROCESS = `<?xml version="1.0" encoding="utf-8"?>
${HEAD} x:Class="Invoices.Process">
  <x:Members>
    <x:Property Name="in_Queue" Type="InArgument(x:String)" />
  </x:Members>
  <Sequence />
</Activity>`;

export const zip = (files: Record<string, string | Uint8Array>): Uint8Array => {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === 'string' ? strToU8(content) : content;
  return zipSync(entries, { level: 9 });
};

const projectJson = (main: string) => JSON.stringify({ name: 'Invoices', main, projectVersion: '1.0.2' });

/** A zipped project folder: project.json, Main.xaml and a workflow it invokes in a subfolder. */
export const PROJECT_ZIP = zip({
  'project.json': projectJson('Main.xaml'),
  'Main.xaml': MAIN,
  'Invokes/Get Flag.xaml': INVOKED,
});

/** A UiPath package as the studio publishes it: the project under lib/net45, NuGet's files beside it. */
export const NUPKG_LIB = zip({
  '[Content_Types].xml': '<?xml version="1.0" encoding="utf-8"?><Types />',
  'Invoices.nuspec': '<?xml version="1.0"?><package><metadata><id>Invoices</id></metadata></package>',
  '_rels/.rels': '<?xml version="1.0"?><Relationships />',
  'lib/net45/project.json': projectJson('Process.xaml'),
  'lib/net45/Process.xaml': PROCESS,
  'lib/net45/Main.xaml': MAIN,
});

/** A package whose project.json sits at its root, naming a main workflow in a folder (Windows separators). */
export const NUPKG_ROOT = zip({
  'project.json': projectJson('Flows\\Process.xaml'),
  'Flows/Process.xaml': PROCESS,
});

/** A multipart body with a binary file part. */
export function packageForm(fields: Record<string, string | number>, name: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), name);
  return form;
}
