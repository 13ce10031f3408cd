import { describe, expect, it } from 'vitest';
import { readXaml } from '../../../server/bots/xaml';

const doc = (
  rootAttributes: string,
  properties: string,
  content = '',
) => `<Activity mc:Ignorable="sap sap2010" x:Class="Project.Main" ${rootAttributes}
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:mca="clr-namespace:Microsoft.CSharp.Activities;assembly=System.Activities"
 xmlns:scg="clr-namespace:System.Collections.Generic;assembly=mscorlib"
 xmlns:this="clr-namespace:Project"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>${properties}</x:Members>
  ${content}
  <Sequence />
</Activity>`;

const parameters = (text: string) => {
  const reading = readXaml(text);
  if (!reading.ok) throw new Error('not read');
  return reading.parameters;
};

describe("a workflow's arguments and their defaults, in every form Studio writes them", () => {
  it('reads the attribute form on the root', () => {
    expect(
      parameters(
        doc(
          'this:Main.in_Name="Ann &amp; Bob" this:Main.in_Year="[Now.Year.ToString]"',
          '<x:Property Name="in_Name" Type="InArgument(x:String)" /><x:Property Name="in_Year" Type="InArgument(x:String)" />',
        ),
      ),
    ).toEqual([
      { name: 'in_Name', direction: 'In', type: 'String', default: 'Ann & Bob' },
      { name: 'in_Year', direction: 'In', type: 'String', default: '[Now.Year.ToString]' },
    ]);
  });

  it('reads the property-element form: text, a Literal, a VB or C# expression, x:Null', () => {
    const properties = ['in_Text', 'in_Count', 'in_Vb', 'in_Cs', 'in_Null', 'in_Leading']
      .map((n) => `<x:Property Name="${n}" Type="InArgument(x:String)" />`)
      .join('');
    const elements = `
  <this:Main.in_Text><InArgument x:TypeArguments="x:String">Hello &lt;world&gt;</InArgument></this:Main.in_Text>
  <this:Main.in_Count><InArgument x:TypeArguments="x:Int32"><Literal x:TypeArguments="x:Int32" Value="5" /></InArgument></this:Main.in_Count>
  <this:Main.in_Vb><InArgument x:TypeArguments="x:String"><VisualBasicValue x:TypeArguments="x:String" ExpressionText="&quot;a&quot; &amp; &quot;b&quot;" /></InArgument></this:Main.in_Vb>
  <this:Main.in_Cs><InArgument x:TypeArguments="x:String"><mca:CSharpValue x:TypeArguments="x:String">"a" + "b"</mca:CSharpValue></InArgument></this:Main.in_Cs>
  <this:Main.in_Null><InArgument x:TypeArguments="x:String"><x:Null /></InArgument></this:Main.in_Null>
  <this:Main.in_Leading><InArgument x:TypeArguments="x:String">007</InArgument></this:Main.in_Leading>`;
    expect(Object.fromEntries(parameters(doc('', properties, elements)).map((p) => [p.name, p.default]))).toEqual({
      in_Text: 'Hello <world>',
      in_Count: '5',
      in_Vb: '["a" & "b"]',
      in_Cs: '["a" + "b"]',
      in_Null: '[Nothing]',
      in_Leading: '007',
    });
  });

  it('an empty InArgument is no default: the type’s default applies', () => {
    const found = parameters(
      doc(
        '',
        '<x:Property Name="in_Count" Type="InArgument(x:Int32)" />',
        '<this:Main.in_Count><InArgument x:TypeArguments="x:Int32" /></this:Main.in_Count>',
      ),
    );
    expect(found).toEqual([{ name: 'in_Count', direction: 'In', type: 'Int32' }]);
  });
});
