import {
  loadWorkflow,
  runWorkflow,
  type LogLevel,
  type ProjectFiles,
  type RunResult,
} from '../../../../agent/xaml/runner';
import type { Host } from '../../../../agent/xaml/dotnet';
import { memoryHost } from '../helpers';

/** The namespaces and designer noise a UiPath Studio file carries. */
const HEAD = `<Activity mc:Ignorable="sap sap2010 sads" x:Class="{CLASS}" {DEFAULTS}
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:mva="clr-namespace:Microsoft.VisualBasic.Activities;assembly=System.Activities"
 xmlns:mca="clr-namespace:Microsoft.CSharp.Activities;assembly=System.Activities"
 xmlns:s="clr-namespace:System;assembly=mscorlib"
 xmlns:sads="http://schemas.microsoft.com/netfx/2010/xaml/activities/debugger"
 xmlns:sap="http://schemas.microsoft.com/netfx/2009/xaml/activities/presentation"
 xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation"
 xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib"
 xmlns:sco="clr-namespace:System.Collections.ObjectModel;assembly=mscorlib"
 xmlns:sd="clr-namespace:System.Data;assembly=System.Data"
 xmlns:ui="http://schemas.uipath.com/workflow/activities"
 xmlns:this="clr-namespace:"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml"{EDITOR}>
  <x:Members>
{MEMBERS}
  </x:Members>
  <mva:VisualBasic.Settings>
    <x:Null />
  </mva:VisualBasic.Settings>
  <sap:VirtualizedContainerService.HintSize>500,600</sap:VirtualizedContainerService.HintSize>
  <sap2010:WorkflowViewState.IdRef>{CLASS}_1</sap2010:WorkflowViewState.IdRef>
  <TextExpression.NamespacesForImplementation>
    <sco:Collection x:TypeArguments="x:String">
      <x:String>System</x:String>
      <x:String>System.Data</x:String>
    </sco:Collection>
  </TextExpression.NamespacesForImplementation>
  <TextExpression.ReferencesForImplementation>
    <sco:Collection x:TypeArguments="AssemblyReference">
      <AssemblyReference>mscorlib</AssemblyReference>
    </sco:Collection>
  </TextExpression.ReferencesForImplementation>
`;

const VIEW_STATE = `
  <sap2010:WorkflowViewState.ViewStateManager>
    <sap2010:ViewStateManager>
      <sap2010:ViewStateData Id="{CLASS}_1" sap:VirtualizedContainerService.HintSize="400,300" />
    </sap2010:ViewStateManager>
  </sap2010:WorkflowViewState.ViewStateManager>
</Activity>
`;

export interface WorkflowText {
  /** `<x:Property …/>` lines. */
  members?: string;
  /** Root attributes such as `this:Main.in_Name="x"`. */
  defaults?: string;
  cs?: boolean;
  cls?: string;
}

/** A whole workflow file around `body` (its root activity). */
export function xaml(body: string, o: WorkflowText = {}): string {
  const cls = o.cls ?? 'Main';
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    HEAD.replace(/\{CLASS\}/g, cls)
      .replace('{DEFAULTS}', o.defaults ?? '')
      .replace('{MEMBERS}', o.members ?? '')
      .replace('{EDITOR}', o.cs ? ' sap2010:ExpressionActivityEditor.ExpressionActivityEditor="C#"' : '') +
    body +
    VIEW_STATE.replace(/\{CLASS\}/g, cls)
  );
}

/** A project from file texts by path. */
export function project(files: Record<string, string>, main = 'Main.xaml'): ProjectFiles {
  const byKey = new Map(Object.entries(files).map(([k, v]) => [k.toLowerCase(), v]));
  return { main, read: (p) => byKey.get(p.replace(/\\/g, '/').toLowerCase()) ?? null };
}

export interface Ran extends RunResult {
  lines: string[];
}

export interface RunWith {
  args?: Record<string, string>;
  trace?: boolean;
  signal?: AbortSignal;
  host?: Host;
  /** Receives the log lines as they come (to read them when the run rejects). */
  lines?: string[];
}

/** Loads and runs a project; the log lines come back as `Level: text`. */
export async function runProject(files: ProjectFiles, o: RunWith = {}): Promise<Ran> {
  const lines: string[] = o.lines ?? [];
  const wf = loadWorkflow(files);
  const result = await runWorkflow(wf, {
    args: o.args ?? {},
    log: (level: LogLevel, text: string) => lines.push(`${level}: ${text}`),
    trace: o.trace ?? false,
    signal: o.signal ?? new AbortController().signal,
    host: o.host ?? memoryHost(),
  });
  return { ...result, lines };
}

/** Runs one workflow built by xaml(). */
export function runBody(body: string, o: WorkflowText & RunWith = {}): Promise<Ran> {
  return runProject(project({ 'Main.xaml': xaml(body, o) }), o);
}

/** The load error's message (or 'loaded' when it loads). */
export function loadError(files: ProjectFiles): string {
  try {
    loadWorkflow(files);
  } catch (e) {
    return (e as Error).message;
  }
  return 'loaded';
}
