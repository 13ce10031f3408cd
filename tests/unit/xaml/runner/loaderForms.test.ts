import { describe, expect, it } from 'vitest';
import { runBody } from './helpers';

/** Studio's TableInfo for two columns, each with the empty caption Studio writes. */
const CAPTIONED = [
  '<NewDataSet><xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">',
  '<xs:element name="NewDataSet" msdata:IsDataSet="true" msdata:MainDataTable="TableName" msdata:UseCurrentLocale="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">',
  '<xs:element name="TableName"><xs:complexType><xs:sequence>',
  '<xs:element name="Name" msdata:Caption="" type="xs:string" minOccurs="0" />',
  '<xs:element name="Age" msdata:Caption="" type="xs:int" minOccurs="0" />',
  '</xs:sequence></xs:complexType></xs:element></xs:choice></xs:complexType></xs:element></xs:schema>',
  '<TableName><Name>Ann</Name><Age>34</Age></TableName></NewDataSet>',
]
  .join('')
  .replace(/&/g, '&amp;')
  .replace(/</g, '&lt;')
  .replace(/>/g, '&gt;')
  .replace(/"/g, '&quot;');

describe('XAML loader: values left empty are default(T)', () => {
  it('reads an empty Literal or InArgument as Nothing, 0 or False, and an empty OutArgument as no target', async () => {
    const r = await runBody(
      `<Sequence>
  <Sequence.Variables>
    <Variable x:TypeArguments="x:Int32" Name="n"><Variable.Default><Literal x:TypeArguments="x:Int32" /></Variable.Default></Variable>
    <Variable x:TypeArguments="x:String" Name="s"><Variable.Default><Literal x:TypeArguments="x:String" /></Variable.Default></Variable>
  </Sequence.Variables>
  <WriteLine Text="[n.ToString + &quot;|&quot; + (s Is Nothing).ToString + &quot;|&quot; + in_Count.ToString]" />
  <If><If.Condition><InArgument x:TypeArguments="x:Boolean" /></If.Condition>
    <If.Then><WriteLine Text="then" /></If.Then><If.Else><WriteLine Text="else" /></If.Else></If>
  <WriteLine><WriteLine.Text><InArgument x:TypeArguments="x:String" /></WriteLine.Text></WriteLine>
  <InvokeMethod MethodName="Trim"><InvokeMethod.TargetObject><InArgument x:TypeArguments="x:String">[" a "]</InArgument></InvokeMethod.TargetObject>
    <InvokeMethod.Result><OutArgument x:TypeArguments="x:String" /></InvokeMethod.Result></InvokeMethod>
  <WriteLine Text="done" />
</Sequence>`,
      {
        members: `<x:Property Name="in_Count" Type="InArgument(x:Int32)" />`,
      },
    );
    expect(r.lines).toEqual(['Info: 0|True|0', 'Info: else', 'Info: ', 'Info: done']);
  });

  it('gives an argument whose default element is an empty InArgument its type default', async () => {
    const r = await runBody(
      `<this:Main.in_Name><InArgument x:TypeArguments="x:String" /></this:Main.in_Name>
  <this:Main.in_Flag><InArgument x:TypeArguments="x:Boolean" /></this:Main.in_Flag>
  <WriteLine Text="[(in_Name Is Nothing).ToString + &quot; &quot; + in_Flag.ToString]" />`,
      {
        members: `<x:Property Name="in_Name" Type="InArgument(x:String)" /><x:Property Name="in_Flag" Type="InArgument(x:Boolean)" />`,
      },
    );
    expect(r.lines).toEqual(['Info: True False']);
  });
});

describe('XAML loader: Build Data Table names columns by name, never by caption', () => {
  it('keeps the column names when Studio writes empty captions', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><Variable x:TypeArguments="sd:DataTable" Name="dt" /></Sequence.Variables>
  <ui:BuildDataTable DataTable="[dt]" TableInfo="${CAPTIONED}" />
  <WriteLine Text="[dt.Columns(0).ColumnName + &quot;,&quot; + dt.Columns(1).ColumnName + &quot;=&quot; + dt.Rows(0)(&quot;Name&quot;).ToString + &quot;,&quot; + dt.Rows(0)(&quot;Age&quot;).ToString]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: Name,Age=Ann,34']);
  });
});

describe('XAML loader: a collection activity whose Collection is element content', () => {
  it('reads Collection as the content property and as a property element', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables>
    <Variable x:TypeArguments="scg:List(x:String)" Name="names" Default="[New List(Of String)]" />
    <Variable x:TypeArguments="x:Boolean" Name="found" />
  </Sequence.Variables>
  <AddToCollection x:TypeArguments="x:String" Item="a"><InArgument x:TypeArguments="scg:ICollection(x:String)">[names]</InArgument></AddToCollection>
  <AddToCollection x:TypeArguments="x:String" Item="b"><AddToCollection.Collection><InArgument x:TypeArguments="scg:ICollection(x:String)">[names]</InArgument></AddToCollection.Collection></AddToCollection>
  <ExistsInCollection x:TypeArguments="x:String" Item="b" Result="[found]"><InArgument x:TypeArguments="scg:ICollection(x:String)">[names]</InArgument></ExistsInCollection>
  <RemoveFromCollection x:TypeArguments="x:String" Item="a"><InArgument x:TypeArguments="scg:ICollection(x:String)">[names]</InArgument></RemoveFromCollection>
  <WriteLine Text="[String.Join(&quot;,&quot;, names) + &quot; &quot; + found.ToString]" />
  <ClearCollection x:TypeArguments="x:String"><InArgument x:TypeArguments="scg:ICollection(x:String)">[names]</InArgument></ClearCollection>
  <WriteLine Text="[names.Count.ToString]" />
</Sequence>`);
    expect(r.lines).toEqual(['Info: b True', 'Info: 0']);
  });

  it('reads the C# designer form: CSharpValue inside the property element and as content', async () => {
    const r = await runBody(
      `<Sequence>
  <Sequence.Variables>
    <Variable x:TypeArguments="scg:List(x:String)" Name="names"><Variable.Default><mca:CSharpValue x:TypeArguments="scg:List(x:String)">new List&lt;string&gt;()</mca:CSharpValue></Variable.Default></Variable>
  </Sequence.Variables>
  <AddToCollection x:TypeArguments="x:String"><AddToCollection.Collection><InArgument x:TypeArguments="scg:ICollection(x:String)"><mca:CSharpValue x:TypeArguments="scg:ICollection(x:String)">names</mca:CSharpValue></InArgument></AddToCollection.Collection>
    <AddToCollection.Item><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">"x"</mca:CSharpValue></InArgument></AddToCollection.Item></AddToCollection>
  <AddToCollection x:TypeArguments="x:String"><InArgument x:TypeArguments="scg:ICollection(x:String)"><mca:CSharpValue x:TypeArguments="scg:ICollection(x:String)">names</mca:CSharpValue></InArgument>
    <AddToCollection.Item><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">"y"</mca:CSharpValue></InArgument></AddToCollection.Item></AddToCollection>
  <WriteLine><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">string.Join("+", names)</mca:CSharpValue></InArgument></WriteLine>
</Sequence>`,
      { cs: true },
    );
    expect(r.lines).toEqual(['Info: x+y']);
  });
});

describe('XAML loader: a FlowSwitch case key written as an element', () => {
  it('takes <x:Key><x:String>…</x:String></x:Key> inside a FlowStep or a reference as the case key', async () => {
    const flow = (code: string) => `<Flowchart>
  <Flowchart.StartNode><x:Reference>__ReferenceID0</x:Reference></Flowchart.StartNode>
  <FlowSwitch x:TypeArguments="x:String" x:Name="__ReferenceID0" Expression="[&quot;${code}&quot;]">
    <FlowSwitch.Default><FlowStep><WriteLine Text="other" /></FlowStep></FlowSwitch.Default>
    <FlowStep><x:Key><x:String>MWK</x:String></x:Key><WriteLine Text="kwacha" /></FlowStep>
    <x:Reference>__ReferenceID1<x:Key><x:String>ZMW</x:String></x:Key></x:Reference>
  </FlowSwitch>
  <FlowStep x:Name="__ReferenceID1"><WriteLine Text="zambian kwacha" /></FlowStep>
</Flowchart>`;
    expect((await runBody(flow('MWK'))).lines).toEqual(['Info: kwacha']);
    expect((await runBody(flow('ZMW'))).lines).toEqual(['Info: zambian kwacha']);
    expect((await runBody(flow('EUR'))).lines).toEqual(['Info: other']);
  });

  it('takes an <x:Key> element on a Switch case activity as its key', async () => {
    const r = await runBody(`<Switch x:TypeArguments="x:Int32" Expression="[2]">
  <WriteLine Text="one"><x:Key><x:Int32>1</x:Int32></x:Key></WriteLine>
  <WriteLine Text="two"><x:Key><x:Int32>2</x:Int32></x:Key></WriteLine>
</Switch>`);
    expect(r.lines).toEqual(['Info: two']);
  });
});

describe('XAML loader: an x:Reference among Variables', () => {
  it('checks a VariableValue naming a variable against the scope where it is used', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><x:Reference>__ReferenceID0</x:Reference></Sequence.Variables>
  <Assign>
    <Assign.To><OutArgument x:TypeArguments="x:Int32"><VariableReference x:TypeArguments="x:Int32"><VariableReference.Variable>
      <Variable x:TypeArguments="x:Int32" x:Name="__ReferenceID0" Name="counter" Default="[5]" />
    </VariableReference.Variable></VariableReference></OutArgument></Assign.To>
    <Assign.Value><InArgument x:TypeArguments="x:Int32">[counter + 1]</InArgument></Assign.Value>
  </Assign>
  <WriteLine><WriteLine.Text><InArgument x:TypeArguments="x:String">[counter.ToString]</InArgument></WriteLine.Text></WriteLine>
  <WriteLine><WriteLine.Text><InArgument x:TypeArguments="x:String"><VariableValue x:TypeArguments="x:String" Variable="{x:Reference __ReferenceID1}" /></InArgument></WriteLine.Text></WriteLine>
  <Sequence><Sequence.Variables><Variable x:TypeArguments="x:String" x:Name="__ReferenceID1" Name="label" Default="inner" /></Sequence.Variables>
    <WriteLine><WriteLine.Text><InArgument x:TypeArguments="x:String"><VariableValue x:TypeArguments="x:String" Variable="{x:Reference __ReferenceID1}" /></InArgument></WriteLine.Text></WriteLine>
  </Sequence>
</Sequence>`).catch((e: Error) => e.message);
    expect(r).toContain("'label' is not declared");
  });

  it('is the Variable of that x:Name, declared where an expression element first used it', async () => {
    const r = await runBody(`<Sequence>
  <Sequence.Variables><x:Reference>__ReferenceID0</x:Reference></Sequence.Variables>
  <Assign>
    <Assign.To><OutArgument x:TypeArguments="x:Int32"><VariableReference x:TypeArguments="x:Int32"><VariableReference.Variable>
      <Variable x:TypeArguments="x:Int32" x:Name="__ReferenceID0" Name="counter" Default="[5]" />
    </VariableReference.Variable></VariableReference></OutArgument></Assign.To>
    <Assign.Value><InArgument x:TypeArguments="x:Int32">[counter + 1]</InArgument></Assign.Value>
  </Assign>
  <WriteLine><WriteLine.Text><InArgument x:TypeArguments="x:String"><VariableValue x:TypeArguments="x:String" Variable="{x:Reference __ReferenceID0}" /></InArgument></WriteLine.Text></WriteLine>
</Sequence>`);
    expect(r.lines).toEqual(['Info: 6']);
  });
});

describe('XAML loader: the Else block of If Else If', () => {
  it('runs the block without a Condition (BlockType Else) when no condition holds', async () => {
    const run = (n: number) =>
      runBody(`<ui:IfElseIf DisplayName="Else If">
  <ui:IfElseIf.ElseIfs>
    <sc:BindingList x:TypeArguments="ui:IfElseIfBlock" AllowEdit="True" AllowNew="True" AllowRemove="True" RaiseListChangedEvents="True">
      <ui:IfElseIfBlock BlockType="If" Condition="[${n} &lt; 0]"><ui:IfElseIfBlock.Then><WriteLine Text="negative" /></ui:IfElseIfBlock.Then></ui:IfElseIfBlock>
      <ui:IfElseIfBlock BlockType="ElseIf" Condition="[${n} = 0]"><ui:IfElseIfBlock.Then><WriteLine Text="zero" /></ui:IfElseIfBlock.Then></ui:IfElseIfBlock>
      <ui:IfElseIfBlock BlockType="Else"><ui:IfElseIfBlock.Then><WriteLine Text="positive" /></ui:IfElseIfBlock.Then></ui:IfElseIfBlock>
    </sc:BindingList>
  </ui:IfElseIf.ElseIfs>
</ui:IfElseIf>`);
    expect((await run(-1)).lines).toEqual(['Info: negative']);
    expect((await run(0)).lines).toEqual(['Info: zero']);
    expect((await run(5)).lines).toEqual(['Info: positive']);
  });
});
