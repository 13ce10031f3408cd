import { describe, expect, it } from 'vitest';
import { WorkflowFailure } from '../../../../agent/xaml/runner';
import { runBody } from './helpers';

/**
 * The .NET surface seen from a run: a method group that used to end the run with a JavaScript
 * TypeError now runs; an unknown member fails the run with the MissingMemberException VB (or
 * the C# compiler) would name, which a TryCatch catches like any .NET exception; a ByRef
 * argument writes the workflow's variable.
 */
const CS_LIST = `<Variable x:TypeArguments="scg:List(x:String)" Name="texts">
        <Variable.Default><mca:CSharpValue x:TypeArguments="scg:List(x:String)">new List&lt;string&gt; { "4", "5", "6" }</mca:CSharpValue></Variable.Default>
      </Variable>`;

describe('XAML runner: the .NET surface', () => {
  it('runs list.ConvertAll(int.Parse) in a C# workflow', async () => {
    const r = await runBody(
      `<Sequence>
  <Sequence.Variables>${CS_LIST}</Sequence.Variables>
  <WriteLine><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">texts.ConvertAll(int.Parse).Sum().ToString()</mca:CSharpValue></InArgument></WriteLine>
  <WriteLine><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">string.Join("+", texts.Select(int.Parse).Select(n =&gt; n * 2))</mca:CSharpValue></InArgument></WriteLine>
</Sequence>`,
      { cs: true },
    );
    expect(r.lines).toEqual(['Info: 15', 'Info: 8+10+12']);
  });

  it('fails the run on an unknown member, naming the type and the member', async () => {
    const run = runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="x:String" Name="s" Default="abc" /></Sequence.Variables>
  <WriteLine Text="[s.Frobnicate()]" />
</Sequence>`);
    await expect(run).rejects.toBeInstanceOf(WorkflowFailure);
    await expect(run).rejects.toMatchObject({
      exceptionType: 'MissingMemberException',
      message: "Public member 'Frobnicate' on type 'String' not found.",
    });
  });

  it("words a C# workflow's unknown member as the C# compiler does", async () => {
    const run = runBody(
      `<Sequence>
  <Sequence.Variables>${CS_LIST}</Sequence.Variables>
  <WriteLine><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">texts.Shuffle().ToString()</mca:CSharpValue></InArgument></WriteLine>
</Sequence>`,
      { cs: true },
    );
    await expect(run).rejects.toMatchObject({
      exceptionType: 'MissingMemberException',
      message: "'List`1' does not contain a definition for 'Shuffle'",
    });
  });

  it('lets a TryCatch catch a MissingMemberException and a wrong call shape', async () => {
    const r = await runBody(`<TryCatch>
  <TryCatch.Try><WriteLine Text="[Now.Add(5).ToString()]" /></TryCatch.Try>
  <TryCatch.Catches>
    <Catch x:TypeArguments="s:MissingMemberException"><ActivityAction x:TypeArguments="s:MissingMemberException"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:MissingMemberException" Name="ex" /></ActivityAction.Argument><WriteLine Text="[ex.Message]" /></ActivityAction></Catch>
  </TryCatch.Catches>
</TryCatch>`);
    expect(r.lines).toEqual([
      "Info: Overload resolution failed because no Public 'Add' can be called with these arguments.",
    ]);
  });

  it("starts a Guid variable at Guid.Empty, a value type's default", async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="s:Guid" Name="id" /></Sequence.Variables>
  <WriteLine Text="[id.ToString() &amp; &quot; &quot; &amp; (id = Guid.Empty).ToString()]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: 00000000-0000-0000-0000-000000000000 True']);
  });

  it('walks a MatchCollection with For Each', async () => {
    const r =
      await runBody(`<ForEach x:TypeArguments="s:Object" Values="[Regex.Matches(&quot;a1b22c333&quot;, &quot;\\d+&quot;)]">
  <ActivityAction x:TypeArguments="s:Object">
    <ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:Object" Name="m" /></ActivityAction.Argument>
    <WriteLine Text="[CType(m, Match).Value &amp; &quot;@&quot; &amp; CType(m, Match).Index.ToString()]" />
  </ActivityAction>
</ForEach>`);
    expect(r.lines).toEqual(['Info: 1@1', 'Info: 22@3', 'Info: 333@6']);
  });

  it("writes a Try… method's out argument into the workflow's variable", async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables>
    <Variable x:TypeArguments="x:Int32" Name="n" />
    <Variable x:TypeArguments="x:Boolean" Name="ok" />
  </Sequence.Variables>
  <Assign x:TypeArguments="x:Boolean" To="[ok]" Value="[Integer.TryParse(&quot;42&quot;, n)]" />
  <WriteLine Text="[ok.ToString() &amp; &quot; &quot; &amp; (n + 1).ToString()]" />
  <Assign x:TypeArguments="x:Boolean" To="[ok]" Value="[Integer.TryParse(&quot;4x2&quot;, n)]" />
  <WriteLine Text="[ok.ToString() &amp; &quot; &quot; &amp; n.ToString()]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: True 43', 'Info: False 0']);
  });
});
