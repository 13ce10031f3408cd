import { describe, expect, it } from 'vitest';
import { runBody } from './helpers';

const vars = (decl: string) => `<Sequence.Variables>${decl}</Sequence.Variables>`;
const int = (name: string, dflt = '0') => `<Variable x:TypeArguments="x:Int32" Name="${name}" Default="${dflt}" />`;
const inc = (name: string) =>
  `<Assign><Assign.To><OutArgument x:TypeArguments="x:Int32">[${name}]</OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:Int32">[${name} + 1]</InArgument></Assign.Value></Assign>`;
const say = (expr: string) => `<WriteLine Text="[${expr.replace(/"/g, '&quot;')}]" />`;

describe('XAML runner: branches and loops', () => {
  it('If with Then and Else; IfElseIf picks the first true block', async () => {
    const r = await runBody(`<Sequence>${vars(int('n', '7'))}
  <If Condition="[n &gt; 5]"><If.Then>${say('"big"')}</If.Then><If.Else>${say('"small"')}</If.Else></If>
  <If Condition="[n &gt; 50]"><If.Then>${say('"huge"')}</If.Then><If.Else>${say('"not huge"')}</If.Else></If>
  <ui:IfElseIf><ui:IfElseIf.ElseIfs><scg:List x:TypeArguments="ui:IfElseIfBlock" Capacity="4">
    <ui:IfElseIfBlock BlockType="If" Condition="[n &lt; 5]"><ui:IfElseIfBlock.Then>${say('"a"')}</ui:IfElseIfBlock.Then></ui:IfElseIfBlock>
    <ui:IfElseIfBlock BlockType="ElseIf" Condition="[n &lt; 10]"><ui:IfElseIfBlock.Then>${say('"b"')}</ui:IfElseIfBlock.Then></ui:IfElseIfBlock>
    <ui:IfElseIfBlock BlockType="ElseIf" Condition="[n &lt; 100]"><ui:IfElseIfBlock.Then>${say('"c"')}</ui:IfElseIfBlock.Then></ui:IfElseIfBlock>
  </scg:List></ui:IfElseIf.ElseIfs><ui:IfElseIf.Else>${say('"else"')}</ui:IfElseIf.Else></ui:IfElseIf>
</Sequence>`);
    expect(r.lines).toEqual(['Info: big', 'Info: not huge', 'Info: b']);
  });

  it('While, DoWhile (body once even when false), InterruptibleWhile', async () => {
    const r = await runBody(`<Sequence>${vars(int('i') + int('j', '10') + int('k'))}
  <While Condition="[i &lt; 3]"><Sequence>${inc('i')}${say('"w" + i.ToString')}</Sequence></While>
  <DoWhile Condition="[j &lt; 3]"><Sequence>${inc('j')}${say('"d" + j.ToString')}</Sequence></DoWhile>
  <ui:InterruptibleWhile Condition="[k &lt; 2]"><ui:InterruptibleWhile.Body>${inc('k')}</ui:InterruptibleWhile.Body></ui:InterruptibleWhile>
  ${say('"k" + k.ToString')}
</Sequence>`);
    expect(r.lines).toEqual(['Info: w1', 'Info: w2', 'Info: w3', 'Info: d11', 'Info: k2']);
  });

  it("WF's ForEach and UiPath's ForEach with CurrentIndex, Break and Continue", async () => {
    const r = await runBody(`<Sequence>${vars(int('idx'))}
  <ForEach x:TypeArguments="x:String" Values="[{&quot;a&quot;, &quot;b&quot;}]"><ActivityAction x:TypeArguments="x:String"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:String" Name="item" /></ActivityAction.Argument>${say('"wf " + item')}</ActivityAction></ForEach>
  <ui:ForEach x:TypeArguments="x:Object" CurrentIndex="[idx]" DisplayName="For Each" Values="[New Integer() {1, 2, 3, 4, 5}]"><ui:ForEach.Body><ActivityAction x:TypeArguments="x:Object"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:Object" Name="n" /></ActivityAction.Argument>
    <Sequence>
      <If Condition="[CInt(n) = 2]"><If.Then><ui:Continue /></If.Then></If>
      <If Condition="[CInt(n) = 4]"><If.Then><ui:Break /></If.Then></If>
      ${say('"ui " + n.ToString + "@" + idx.ToString')}
    </Sequence>
  </ActivityAction></ui:ForEach.Body></ui:ForEach>
</Sequence>`);
    expect(r.lines).toEqual(['Info: wf a', 'Info: wf b', 'Info: ui 1@0', 'Info: ui 3@2']);
  });

  it('Switch by x:Key with Default, for strings and integers', async () => {
    const sw = (v: string) => `<Switch x:TypeArguments="x:Int32" Expression="[${v}]">
  <Switch.Default>${say('"other"')}</Switch.Default>
  ${say('"one"').replace('<WriteLine', '<WriteLine x:Key="1"')}
  ${say('"two"').replace('<WriteLine', '<WriteLine x:Key="2"')}
</Switch>`;
    const r = await runBody(`<Sequence>${sw('2')}${sw('9')}
  <Switch x:TypeArguments="x:String" Expression="[&quot;b&quot;]"><Sequence x:Key="a">${say('"A"')}</Sequence><Sequence x:Key="b">${say('"B"')}</Sequence></Switch>
</Sequence>`);
    expect(r.lines).toEqual(['Info: two', 'Info: other', 'Info: B']);
  });

  it('Parallel runs every branch; ParallelForEach every item', async () => {
    const r = await runBody(`<Sequence>${vars(int('total'))}
  <Parallel><Sequence>${say('"left"')}</Sequence><Sequence>${say('"right"')}</Sequence></Parallel>
  <ParallelForEach x:TypeArguments="x:Int32" Values="[{1, 2, 3}]"><ActivityAction x:TypeArguments="x:Int32"><ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:Int32" Name="v" /></ActivityAction.Argument>
    <Assign><Assign.To><OutArgument x:TypeArguments="x:Int32">[total]</OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:Int32">[total + v]</InArgument></Assign.Value></Assign>
  </ActivityAction></ParallelForEach>
  ${say('total.ToString')}
</Sequence>`);
    expect(r.lines).toEqual(['Info: left', 'Info: right', 'Info: 6']);
  });

  it('RetryScope runs the body again after an exception, then lets the last one through', async () => {
    const r = await runBody(`<Sequence>${vars(int('tries'))}
  <ui:RetryScope NumberOfRetries="3" RetryInterval="00:00:00"><ui:RetryScope.ActivityBody><ActivityAction><Sequence>
    ${inc('tries')}${say('"try " + tries.ToString')}
    <If Condition="[tries &lt; 2]"><If.Then><Throw Exception="[New Exception(&quot;flaky&quot;)]" /></If.Then></If>
  </Sequence></ActivityAction></ui:RetryScope.ActivityBody><ui:RetryScope.Condition><ActivityFunc x:TypeArguments="x:Boolean" /></ui:RetryScope.Condition></ui:RetryScope>
</Sequence>`);
    expect(r.lines).toEqual(['Info: try 1', 'Info: try 2']);
    await expect(
      runBody(
        `<ui:RetryScope NumberOfRetries="2" RetryInterval="00:00:00.010"><ui:RetryScope.ActivityBody><ActivityAction><Sequence>${say('"attempt"')}<Throw Exception="[New TimeoutException(&quot;down&quot;)]" /></Sequence></ActivityAction></ui:RetryScope.ActivityBody></ui:RetryScope>`,
      ),
    ).rejects.toMatchObject({ exceptionType: 'TimeoutException', message: 'down' });
  });
});

describe('XAML runner: flowcharts and state machines', () => {
  it('follows a Flowchart through steps, a decision loop and a switch, by x:Reference', async () => {
    const r = await runBody(`<Flowchart DisplayName="Flow">
  <Flowchart.Variables>${int('n')}</Flowchart.Variables>
  <Flowchart.StartNode><x:Reference>__ReferenceID0</x:Reference></Flowchart.StartNode>
  <FlowStep x:Name="__ReferenceID0">${inc('n')}<FlowStep.Next><FlowDecision x:Name="__ReferenceID1" Condition="[n &lt; 3]">
    <FlowDecision.True><x:Reference>__ReferenceID0</x:Reference></FlowDecision.True>
    <FlowDecision.False><FlowSwitch x:TypeArguments="x:String" x:Name="__ReferenceID2" Expression="[&quot;k&quot; + n.ToString]">
      <FlowSwitch.Default><FlowStep x:Name="__ReferenceID3">${say('"default"')}</FlowStep></FlowSwitch.Default>
      <FlowStep x:Key="k3" x:Name="__ReferenceID4">${say('"three: " + n.ToString')}</FlowStep>
      <x:Reference>__ReferenceID5<x:Key>k9</x:Key></x:Reference>
    </FlowSwitch></FlowDecision.False>
  </FlowDecision></FlowStep.Next></FlowStep>
  <x:Reference>__ReferenceID1</x:Reference>
  <x:Reference>__ReferenceID2</x:Reference>
  <FlowStep x:Name="__ReferenceID5">${say('"nine"')}</FlowStep>
</Flowchart>`);
    expect(r.lines).toEqual(['Info: three: 3']);
  });

  it('takes a FlowSwitch case written as an x:Reference with its x:Key inside', async () => {
    const r = await runBody(`<Flowchart StartNode="{x:Reference __ReferenceID0}">
  <FlowSwitch x:TypeArguments="x:Int32" x:Name="__ReferenceID0" Expression="[4 + 5]">
    <x:Reference>__ReferenceID1<x:Key>9</x:Key></x:Reference>
  </FlowSwitch>
  <FlowStep x:Name="__ReferenceID1">${say('"nine"')}</FlowStep>
</Flowchart>`);
    expect(r.lines).toEqual(['Info: nine']);
  });

  it('runs a StateMachine: entry, conditional transitions with actions, exit, final state', async () => {
    const r = await runBody(`<StateMachine InitialState="{x:Reference __ReferenceID0}" DisplayName="Machine">
  <StateMachine.Variables>${int('n')}</StateMachine.Variables>
  <State x:Name="__ReferenceID0" DisplayName="Init">
    <State.Entry>${say('"init"')}</State.Entry>
    <State.Transitions><Transition DisplayName="go" To="{x:Reference __ReferenceID1}" /></State.Transitions>
  </State>
  <State x:Name="__ReferenceID1" DisplayName="Work">
    <State.Entry><Sequence>${inc('n')}${say('"work " + n.ToString')}</Sequence></State.Entry>
    <State.Exit>${say('"exit work"')}</State.Exit>
    <State.Transitions>
      <Transition DisplayName="again" Condition="[n &lt; 2]" To="{x:Reference __ReferenceID1}" />
      <Transition DisplayName="done" Condition="[n &gt;= 2]"><Transition.Action>${say('"leaving"')}</Transition.Action><Transition.To><State x:Name="__ReferenceID2" DisplayName="End" IsFinal="True"><State.Entry>${say('"end"')}</State.Entry></State></Transition.To></Transition>
    </State.Transitions>
  </State>
  <x:Reference>__ReferenceID1</x:Reference>
</StateMachine>`);
    expect(r.lines).toEqual([
      'Info: init',
      'Info: work 1',
      'Info: exit work',
      'Info: work 2',
      'Info: exit work',
      'Info: leaving',
      'Info: end',
    ]);
  });
});
