import { describe, expect, it } from 'vitest';
import { WorkflowCanceled, WorkflowFailure } from '../../../../agent/xaml/runner';
import { loadError, project, runBody, runProject, xaml } from './helpers';

/** The 1-based line of the first line of `text` containing `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('XAML runner: exceptions', () => {
  it('catches a thrown exception by its base type and rethrows it to the outer TryCatch', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="n" /></Sequence.Variables>
  <TryCatch>
    <TryCatch.Try>
      <TryCatch>
        <TryCatch.Try><Sequence><WriteLine Text="before" /><Assign x:TypeArguments="x:Int32" To="[n]" Value="[CInt(&quot;x&quot;)]" /><WriteLine Text="not reached" /></Sequence></TryCatch.Try>
        <TryCatch.Catches>
          <Catch x:TypeArguments="s:ArgumentException"><ActivityAction x:TypeArguments="s:ArgumentException"><WriteLine Text="wrong catch" /></ActivityAction></Catch>
          <Catch x:TypeArguments="s:SystemException"><ActivityAction x:TypeArguments="s:SystemException"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:SystemException" Name="exception" /></ActivityAction.Argument><Sequence><WriteLine Text="[exception.GetType().Name + &quot;: &quot; + exception.Message]" /><Rethrow /></Sequence></ActivityAction></Catch>
        </TryCatch.Catches>
        <TryCatch.Finally><WriteLine Text="inner finally" /></TryCatch.Finally>
      </TryCatch>
    </TryCatch.Try>
    <TryCatch.Catches>
      <Catch x:TypeArguments="s:Exception"><ActivityAction x:TypeArguments="s:Exception"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:Exception" Name="ex" /></ActivityAction.Argument><WriteLine Text="[&quot;outer: &quot; + ex.Message]" /></ActivityAction></Catch>
    </TryCatch.Catches>
  </TryCatch>
  <WriteLine Text="after" />
</Sequence>`);
    expect(r.lines).toEqual([
      'Info: before',
      'Info: InvalidCastException: Conversion from string "x" to type \'Integer\' is not valid.',
      'Info: inner finally',
      'Info: outer: Conversion from string "x" to type \'Integer\' is not valid.',
      'Info: after',
    ]);
  });

  it('fails the run with the type and message of an exception nothing catches, its Finally not run', async () => {
    const lines: string[] = [];
    const run = runBody(
      `<TryCatch>
  <TryCatch.Try><Throw Exception="[New InvalidOperationException(&quot;Queue is empty&quot;)]" /></TryCatch.Try>
  <TryCatch.Catches><Catch x:TypeArguments="s:IO.IOException"><ActivityAction x:TypeArguments="s:IO.IOException"><WriteLine Text="io" /></ActivityAction></Catch></TryCatch.Catches>
  <TryCatch.Finally><WriteLine Text="cleanup" /></TryCatch.Finally>
</TryCatch>`,
      { lines },
    );
    await expect(run).rejects.toBeInstanceOf(WorkflowFailure);
    // The run ends at once: WF terminates the instance, UiPath runs Finally only when no
    // exception occurs or one is caught.
    expect(lines).toEqual([]);
    await expect(run).rejects.toMatchObject({ exceptionType: 'InvalidOperationException', message: 'Queue is empty' });
  });

  it('fails on a .NET error raised by an expression (KeyNotFound) with .NET wording', async () => {
    await expect(
      runBody(`<Sequence><Sequence.Variables><Variable x:TypeArguments="scg:Dictionary(x:String, x:String)" Name="d" Default="[New Dictionary(Of String, String)]" /></Sequence.Variables>
  <WriteLine Text="[d(&quot;missing&quot;)]" /></Sequence>`),
    ).rejects.toMatchObject({
      exceptionType: 'KeyNotFoundException',
      message: "The given key 'missing' was not present in the dictionary.",
    });
  });
});

describe('XAML runner: refusals at load', () => {
  it('refuses a desktop activity with its name, file and line, before running anything', () => {
    const text = xaml(`<Sequence>
  <WriteLine Text="first" />
  <ui:Click DisplayName="Click 'OK'" />
</Sequence>`);
    const line = lineOf(text, '<ui:Click');
    expect(loadError(project({ 'Main.xaml': text }))).toBe(
      `Activity ui:Click (Main.xaml line ${line}) needs a desktop and is not supported by this agent`,
    );
    const excel = xaml(`<ui:ExcelApplicationScope WorkbookPath="a.xlsx" />`);
    expect(loadError(project({ 'Main.xaml': excel }))).toMatch(
      /^Activity ui:ExcelApplicationScope \(Main\.xaml line \d+\) needs a desktop/,
    );
    const dialog = xaml(`<ui:InputDialog Title="t" />`);
    expect(loadError(project({ 'Main.xaml': dialog }))).toMatch(/ui:InputDialog .* needs a desktop/);
  });

  it('refuses any other unknown activity as not supported', () => {
    const text = xaml(`<Sequence>\n<Persist />\n<ui:SomethingNew />\n</Sequence>`);
    expect(loadError(project({ 'Main.xaml': text }))).toBe(
      `Activity Persist (Main.xaml line ${lineOf(text, '<Persist')}) is not supported by this agent`,
    );
  });

  it('refuses a bad expression naming the activity, file and line and quoting it', () => {
    const text = xaml(`<Sequence>\n<WriteLine DisplayName="Say" Text="[&quot;a&quot; + ]" />\n</Sequence>`);
    const msg = loadError(project({ 'Main.xaml': text }));
    expect(msg).toContain(`Activity WriteLine (Main.xaml line ${lineOf(text, 'DisplayName="Say"')})`);
    expect(msg).toContain(`'"a" + '`);
  });

  it('refuses a literal that is not of the property type, and a missing invoked file by name', () => {
    expect(loadError(project({ 'Main.xaml': xaml(`<Delay Duration="soon" />`) }))).toMatch(
      /^Activity Delay \(Main\.xaml line \d+\): 'soon' is not a valid TimeSpan$/,
    );
    const text = xaml(`<ui:InvokeWorkflowFile WorkflowFileName="Invokes\\Missing.xaml" />`);
    expect(loadError(project({ 'Main.xaml': text }))).toMatch(
      /^Activity ui:InvokeWorkflowFile \(Main\.xaml line \d+\): the invoked workflow 'Invokes\\Missing\.xaml' is not in the project$/,
    );
  });
});

describe('XAML runner: cancel', () => {
  it('stops a Delay at once when the signal aborts', async () => {
    const ctl = new AbortController();
    const lines: string[] = [];
    const started = Date.now();
    const run = runProject(
      project({
        'Main.xaml': xaml(
          `<Sequence><WriteLine Text="waiting" /><Delay Duration="00:01:00" /><WriteLine Text="never" /></Sequence>`,
        ),
      }),
      { signal: ctl.signal, lines },
    );
    setTimeout(() => ctl.abort(), 50);
    await expect(run).rejects.toBeInstanceOf(WorkflowCanceled);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(lines).toEqual(['Info: waiting']);
  });

  it('stops a While True without awaits: the runner yields to the event loop', async () => {
    const ctl = new AbortController();
    const run = runBody(
      `<Sequence><Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="n" /></Sequence.Variables>
  <While Condition="True"><Assign x:TypeArguments="x:Int32" To="[n]" Value="[(n + 1) Mod 1000]" /></While></Sequence>`,
      { signal: ctl.signal },
    );
    setTimeout(() => ctl.abort(), 100);
    await expect(run).rejects.toBeInstanceOf(WorkflowCanceled);
  });
});

describe('XAML runner: an argument default that throws', () => {
  it('fails the run with the .NET exception', async () => {
    await expect(
      runBody(`<WriteLine Text="[in_N.ToString]" />`, {
        members: `<x:Property Name="in_N" Type="InArgument(x:Int32)" />`,
        defaults: 'this:Main.in_N="[CInt(&quot;many&quot;)]"',
      }),
    ).rejects.toMatchObject({ exceptionType: 'InvalidCastException' });
  });
});
