import { describe, expect, it } from 'vitest';
import { loadWorkflow } from '../../../../agent/xaml/runner';
import { loadError, project, runProject, xaml } from './helpers';

const child = xaml(
  `<Sequence DisplayName="Get Flag">
  <ui:LogMessage Level="Info" Message="[&quot;child got &quot; + in_Name]" />
  <Assign x:TypeArguments="x:String" To="[out_Greeting]" Value="[&quot;Hello &quot; + in_Name]" />
  <Assign x:TypeArguments="x:Int32" To="[io_Count]" Value="[io_Count * 10]" />
</Sequence>`,
  {
    cls: 'GetFlag',
    members: `<x:Property Name="in_Name" Type="InArgument(x:String)" />
    <x:Property Name="out_Greeting" Type="OutArgument(x:String)" />
    <x:Property Name="io_Count" Type="InOutArgument(x:Int32)" />
    <x:Property Name="in_Suffix" Type="InArgument(x:String)" />`,
    defaults: 'this:GetFlag.in_Suffix="!"',
  },
);

const invoke = (args: string) =>
  `<ui:InvokeWorkflowFile DisplayName="Invoke Get Flag" WorkflowFileName="Invokes\\Error Handling\\Get Flag.xaml"><ui:InvokeWorkflowFile.Arguments>${args}</ui:InvokeWorkflowFile.Arguments></ui:InvokeWorkflowFile>`;

const main = xaml(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:String" Name="greeting" /><Variable x:TypeArguments="x:Int32" Name="count" Default="4" /></Sequence.Variables>
  ${invoke(`<InArgument x:TypeArguments="x:String" x:Key="in_Name">["Ada"]</InArgument>
    <OutArgument x:TypeArguments="x:String" x:Key="out_Greeting">[greeting]</OutArgument>
    <InOutArgument x:TypeArguments="x:Int32" x:Key="io_Count">[count]</InOutArgument>`)}
  ${invoke(`<InArgument x:TypeArguments="x:String" x:Key="in_Name">["Bob"]</InArgument>`)}
  <WriteLine Text="[greeting + &quot; &quot; + count.ToString]" />
</Sequence>`);

describe('XAML runner: InvokeWorkflowFile', () => {
  it('runs the invoked file with In values, writes Out and InOut back; each file is loaded once', async () => {
    const files = project({ 'Main.xaml': main, 'Invokes/Error Handling/Get Flag.xaml': child });
    expect(loadWorkflow(files).files.size).toBe(2);
    const r = await runProject(files);
    expect(r.lines).toEqual(['Info: child got Ada', 'Info: child got Bob', 'Info: Hello Ada 40']);
  });

  it('refuses an argument the invoked workflow does not declare', () => {
    const bad = xaml(invoke(`<InArgument x:TypeArguments="x:String" x:Key="in_Nope">["x"]</InArgument>`));
    expect(loadError(project({ 'Main.xaml': bad, 'Invokes/Error Handling/Get Flag.xaml': child }))).toMatch(
      /^Activity ui:InvokeWorkflowFile \(Main\.xaml line \d+\): Invokes\\Error Handling\\Get Flag\.xaml has no argument 'in_Nope'$/,
    );
  });

  it('checks the invoked file at load too: an unsupported activity in it fails the load naming that file', () => {
    const childBad = xaml(`<Sequence>\n<ui:TypeInto Text="x" />\n</Sequence>`, { cls: 'GetFlag' });
    expect(loadError(project({ 'Main.xaml': main, 'Invokes/Error Handling/Get Flag.xaml': childBad }))).toMatch(
      /^Activity ui:TypeInto \(Invokes\/Error Handling\/Get Flag\.xaml line \d+\) needs a desktop/,
    );
  });

  it('lets an exception of the invoked file reach the caller, which may catch it', async () => {
    const thrower = xaml(`<Throw Exception="[New ApplicationException(&quot;from child&quot;)]" />`, {
      cls: 'GetFlag',
    });
    const caller = xaml(`<TryCatch><TryCatch.Try>${invoke('')}</TryCatch.Try><TryCatch.Catches>
  <Catch x:TypeArguments="s:ApplicationException"><ActivityAction x:TypeArguments="s:ApplicationException"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:ApplicationException" Name="e" /></ActivityAction.Argument><WriteLine Text="[&quot;caught &quot; + e.Message]" /></ActivityAction></Catch>
</TryCatch.Catches></TryCatch>`);
    const r = await runProject(project({ 'Main.xaml': caller, 'Invokes/Error Handling/Get Flag.xaml': thrower }));
    expect(r.lines).toEqual(['Info: caught from child']);
  });
});

describe('XAML runner: Delay and expression errors at run time', () => {
  it('waits a Delay and goes on', async () => {
    const started = Date.now();
    const r = await runProject(
      project({ 'Main.xaml': xaml(`<Sequence><Delay Duration="00:00:00.050" /><WriteLine Text="done" /></Sequence>`) }),
    );
    expect(r.lines).toEqual(['Info: done']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('refuses at load an expression naming something nothing declares, in scope order', () => {
    const text = xaml(`<Sequence>
  <Sequence><Sequence.Variables><Variable x:TypeArguments="x:String" Name="inner" /></Sequence.Variables><WriteLine Text="[inner]" /></Sequence>
  <WriteLine DisplayName="Outside" Text="[inner]" />
</Sequence>`);
    expect(loadError(project({ 'Main.xaml': text }))).toMatch(
      /^Activity WriteLine \(Main\.xaml line \d+\): 'inner' is not declared at position 1 in expression 'inner'$/,
    );
    const fine = xaml(
      `<WriteLine Text="[String.Join(&quot;,&quot;, {1, 2}.Select(Function(x) (x * 2).ToString)) + vbCrLf + Path.GetFileName(&quot;a/b.txt&quot;) + System.IO.Path.GetExtension(&quot;c.csv&quot;)]" />`,
    );
    expect(loadError(project({ 'Main.xaml': fine }))).toBe('loaded');
  });
});

describe('XAML runner: interleaving and empty invoke arguments', () => {
  it('lets a Parallel branch run while another waits in a Delay', async () => {
    const r = await runProject(
      project({
        'Main.xaml': xaml(`<Parallel>
  <Sequence><WriteLine Text="a1" /><Delay Duration="00:00:00.030" /><WriteLine Text="a2" /></Sequence>
  <Sequence><WriteLine Text="b1" /></Sequence>
</Parallel>`),
      }),
    );
    expect(r.lines).toEqual(['Info: a1', 'Info: b1', 'Info: a2']);
  });

  it('passes nothing for an argument row left empty, so the invoked default applies', async () => {
    const echo = xaml(`<WriteLine Text="[in_Suffix + in_N.ToString]" />`, {
      cls: 'GetFlag',
      members: `<x:Property Name="in_Suffix" Type="InArgument(x:String)" /><x:Property Name="in_N" Type="InArgument(x:Int32)" />`,
      defaults: 'this:GetFlag.in_Suffix="dflt" this:GetFlag.in_N="5"',
    });
    const caller = xaml(
      invoke(
        `<InArgument x:TypeArguments="x:String" x:Key="in_Suffix" /><InArgument x:TypeArguments="x:Int32" x:Key="in_N" />`,
      ),
    );
    const r = await runProject(project({ 'Main.xaml': caller, 'Invokes/Error Handling/Get Flag.xaml': echo }));
    expect(r.lines).toEqual(['Info: dflt5']);
  });
});

describe('XAML runner: the invoked file path as Windows resolves it', () => {
  const child2 = xaml(`<WriteLine Text="child ran" />`, { cls: 'Init' });
  const calling = (path: string) =>
    xaml(`<ui:InvokeWorkflowFile DisplayName="Invoke Init" WorkflowFileName="${path}" />`, { cls: 'Main' });

  it.each([
    ['Framework\\\\Init.xaml'], // a C# template's escaped backslash, kept in the attribute
    ['.\\Framework\\Init.xaml'],
    ['Framework/Init.xaml'],
    ['Other\\..\\Framework\\.\\Init.xaml'],
  ])('finds %s as Framework/Init.xaml, loaded once', async (path) => {
    const files = project({ 'Main.xaml': calling(path), 'Framework/Init.xaml': child2 });
    expect(loadWorkflow(files).files.size).toBe(2);
    expect((await runProject(files)).lines).toEqual(['Info: child ran']);
  });

  it('refuses a path that climbs out of the project folder', () => {
    const files = project({ 'Main.xaml': calling('..\\Init.xaml'), 'Init.xaml': child2 });
    expect(loadError(files)).toMatch(/the invoked workflow '\.\.\\Init\.xaml' is not in the project$/);
  });
});
