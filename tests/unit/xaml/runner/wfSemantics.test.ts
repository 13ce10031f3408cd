import { describe, expect, it } from 'vitest';
import { WorkflowFailure } from '../../../../agent/xaml/runner';
import { loadError, project, runBody, runProject, xaml } from './helpers';

const say = (expr: string) => `<WriteLine Text="[${expr.replace(/"/g, '&quot;')}]" />`;
const csText = (expr: string) =>
  `<InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">${expr}</mca:CSharpValue></InArgument>`;

describe('XAML runner: markup extensions in attributes', () => {
  it('reads {x:Null} as a property left unset, {x:Static} as the member, {} as an escape', async () => {
    const r = await runBody(`<Sequence>
  <ui:ForEach x:TypeArguments="x:Int32" CurrentIndex="{x:Null}" Values="[{1, 2}]"><ui:ForEach.Body><ActivityAction x:TypeArguments="x:Int32"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:Int32" Name="n" /></ActivityAction.Argument>${say('"n" + n.ToString')}</ActivityAction></ui:ForEach.Body></ui:ForEach>
  <ui:LogMessage Level="Info" Message="{x:Static s:Int32.MaxValue}" />
  <WriteLine Text="{}{x:Null} is text" />
  <ui:LogMessage Level="Warn" Message="{x:Null}" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: n1', 'Info: n2', 'Info: 2147483647', 'Info: {x:Null} is text', 'Warn: ']);
  });

  it('follows {x:Reference Name=…} as {x:Reference …}; a required property set to {x:Null} fails the load', () => {
    const flow = `<Flowchart StartNode="{x:Reference Name=__ReferenceID0}"><FlowStep x:Name="__ReferenceID0">${say('"step"')}</FlowStep></Flowchart>`;
    expect(loadError(project({ 'Main.xaml': xaml(flow) }))).toBe('loaded');
    expect(loadError(project({ 'Main.xaml': xaml('<If Condition="{x:Null}" />') }))).toMatch(
      /^Activity If \(Main\.xaml line \d+\): Condition is required$/,
    );
    expect(loadError(project({ 'Main.xaml': xaml('<WriteLine Text="{x:Static s:Nope.Value}" />') }))).toMatch(
      /'Nope' is not declared/,
    );
  });

  it('calls InvokeMethod on a TargetType written {x:Type …} with TargetObject {x:Null}', async () => {
    const r =
      await runBody(`<Sequence><Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="m" /></Sequence.Variables>
  <InvokeMethod MethodName="Max" TargetObject="{x:Null}" TargetType="{x:Type s:Math}"><InvokeMethod.Result><OutArgument x:TypeArguments="x:Int32">[m]</OutArgument></InvokeMethod.Result><InArgument x:TypeArguments="x:Int32">3</InArgument><InArgument x:TypeArguments="x:Int32">8</InArgument></InvokeMethod>
  ${say('m.ToString')}
</Sequence>`);
    expect(r.lines).toEqual(['Info: 8']);
  });
});

describe('XAML runner: content arguments', () => {
  it('reads WriteLine, Delay and Throw written with their argument as only child (C#)', async () => {
    const r = await runBody(
      `<Sequence>
  <WriteLine>${csText('"a" + (1 + 2)')}</WriteLine>
  <Delay><InArgument x:TypeArguments="x:TimeSpan"><mca:CSharpValue x:TypeArguments="x:TimeSpan">TimeSpan.FromMilliseconds(1)</mca:CSharpValue></InArgument></Delay>
  <TryCatch><TryCatch.Try>
    <Throw><InArgument x:TypeArguments="s:Exception"><mca:CSharpValue x:TypeArguments="s:Exception">new ArgumentException("bad")</mca:CSharpValue></InArgument></Throw>
  </TryCatch.Try><TryCatch.Catches><Catch x:TypeArguments="s:ArgumentException"><ActivityAction x:TypeArguments="s:ArgumentException"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:ArgumentException" Name="e" /></ActivityAction.Argument>
    <WriteLine>${csText('"caught " + e.Message')}</WriteLine>
  </ActivityAction></Catch></TryCatch.Catches></TryCatch>
</Sequence>`,
      { cs: true },
    );
    expect(r.lines).toEqual(['Info: a3', 'Info: caught bad']);
  });
});

const catchOf = (type: string, text: string) =>
  `<Catch x:TypeArguments="s:${type}"><ActivityAction x:TypeArguments="s:${type}"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:${type}" Name="e" /></ActivityAction.Argument>${say(`"${text}"`)}</ActivityAction></Catch>`;
const tryThrow = (exception: string, catches: string[]) =>
  `<TryCatch><TryCatch.Try><Throw Exception="[New ${exception}(&quot;x&quot;)]" /></TryCatch.Try><TryCatch.Catches>${catches.join('')}</TryCatch.Catches></TryCatch>`;

describe('XAML runner: which Catch handles an exception', () => {
  it("takes the exact type's Catch, else the most derived matching one, whatever the order", async () => {
    const r = await runBody(`<Sequence>
  ${tryThrow('ArgumentNullException', [catchOf('Exception', 'exception'), catchOf('ArgumentNullException', 'exact'), catchOf('ArgumentException', 'argument')])}
  ${tryThrow('DivideByZeroException', [catchOf('Exception', 'exception'), catchOf('SystemException', 'system'), catchOf('ArithmeticException', 'arithmetic')])}
  ${tryThrow('FormatException', [catchOf('Exception', 'first exception'), catchOf('Exception', 'second exception'), catchOf('IOException', 'io')])}
</Sequence>`);
    expect(r.lines).toEqual(['Info: exact', 'Info: arithmetic', 'Info: first exception']);
  });
});

describe('XAML runner: WF scheduling order', () => {
  it('starts ParallelForEach items last-first, each running until it awaits', async () => {
    const r = await runBody(`<Sequence>
  <ParallelForEach x:TypeArguments="x:String" Values="[{&quot;x&quot;, &quot;y&quot;, &quot;z&quot;}]"><ActivityAction x:TypeArguments="x:String"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:String" Name="item" /></ActivityAction.Argument>
    <Sequence>${say('"start " + item')}<Delay Duration="00:00:00.01" /></Sequence>
  </ActivityAction></ParallelForEach>
  ${say('"done"')}
</Sequence>`);
    expect(r.lines).toEqual(['Info: start z', 'Info: start y', 'Info: start x', 'Info: done']);
  });
});

describe('XAML runner: ui:IfElseIfV2', () => {
  it('runs its own Condition and Then first, then its ElseIfs, then Else; a nested one keeps its blocks', async () => {
    const inner = `<ui:IfElseIfV2 Condition="[n &gt; 100]"><ui:IfElseIfV2.Then>${say('"huge"')}</ui:IfElseIfV2.Then><ui:IfElseIfV2.ElseIfs><scg:List x:TypeArguments="ui:IfElseIfBlock"><ui:IfElseIfBlock BlockType="ElseIf" Condition="[n &gt; 10]"><ui:IfElseIfBlock.Then>${say('"big"')}</ui:IfElseIfBlock.Then></ui:IfElseIfBlock></scg:List></ui:IfElseIfV2.ElseIfs></ui:IfElseIfV2>`;
    const r =
      await runBody(`<ForEach x:TypeArguments="x:Int32" Values="[{-1, 50, 500, 5}]"><ActivityAction x:TypeArguments="x:Int32"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:Int32" Name="n" /></ActivityAction.Argument>
  <ui:IfElseIfV2 Condition="[n &lt; 0]" DisplayName="Else If"><ui:IfElseIfV2.Then>${say('"negative"')}</ui:IfElseIfV2.Then><ui:IfElseIfV2.Else><Sequence>${inner}${say('"checked " + n.ToString')}</Sequence></ui:IfElseIfV2.Else></ui:IfElseIfV2>
</ActivityAction></ForEach>`);
    expect(r.lines).toEqual([
      'Info: negative',
      'Info: big',
      'Info: checked 50',
      'Info: huge',
      'Info: checked 500',
      'Info: checked 5',
    ]);
  });
});

const withFinally = (tryBody: string, text: string) =>
  `<TryCatch><TryCatch.Try>${tryBody}</TryCatch.Try><TryCatch.Catches>${catchOf('IOException', 'io')}</TryCatch.Catches><TryCatch.Finally>${say(`"${text}"`)}</TryCatch.Finally></TryCatch>`;

describe('XAML runner: a Finally an exception crosses', () => {
  it('runs when a TryCatch further out catches it, across an invoked workflow', async () => {
    const child = xaml(
      withFinally('<Throw Exception="[New InvalidOperationException(&quot;boom&quot;)]" />', 'child finally'),
      {
        cls: 'Child',
      },
    );
    const main = xaml(
      `<TryCatch><TryCatch.Try><ui:InvokeWorkflowFile WorkflowFileName="Child.xaml" /></TryCatch.Try><TryCatch.Catches>${catchOf('InvalidOperationException', 'caught')}</TryCatch.Catches></TryCatch>`,
    );
    const r = await runProject(project({ 'Main.xaml': main, 'Child.xaml': child }));
    expect(r.lines).toEqual(['Info: child finally', 'Info: caught']);
  });

  it('runs while a RetryScope has runs left, not when the run ends with the exception', async () => {
    const lines: string[] = [];
    const run = runBody(
      `<ui:RetryScope NumberOfRetries="2" RetryInterval="00:00:00"><ui:RetryScope.ActivityBody><ActivityAction>${withFinally(
        '<Throw Exception="[New TimeoutException(&quot;down&quot;)]" />',
        'finally',
      )}</ActivityAction></ui:RetryScope.ActivityBody></ui:RetryScope>`,
      { lines },
    );
    await expect(run).rejects.toMatchObject({ exceptionType: 'TimeoutException', message: 'down' });
    expect(lines).toEqual(['Info: finally']);
  });

  it('does not run after TerminateWorkflow', async () => {
    const lines: string[] = [];
    const run = runBody(withFinally('<TerminateWorkflow Reason="stop" />', 'finally'), { lines });
    await expect(run).rejects.toBeInstanceOf(WorkflowFailure);
    expect(lines).toEqual([]);
  });
});
