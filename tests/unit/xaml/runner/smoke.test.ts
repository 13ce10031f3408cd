import { describe, expect, it } from 'vitest';
import { runBody } from './helpers';

describe('smoke', () => {
  it('runs', async () => {
    const r = await runBody(
      `<Sequence DisplayName="Main" sap2010:WorkflowViewState.IdRef="Sequence_1">
    <Sequence.Variables><Variable x:TypeArguments="x:Int32" Name="i" Default="3" /></Sequence.Variables>
    <WriteLine Text="[&quot;i=&quot; + i.ToString]" />
    <ui:LogMessage Level="Warn" Message="[in_Name]" />
    <Assign><Assign.To><OutArgument x:TypeArguments="x:String">[out_Text]</OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:String">["Hello " + in_Name]</InArgument></Assign.Value></Assign>
  </Sequence>`,
      {
        members: `<x:Property Name="in_Name" Type="InArgument(x:String)" /><x:Property Name="out_Text" Type="OutArgument(x:String)" />`,
        defaults: 'this:Main.in_Name="World"',
      },
    );
    expect(r.lines).toEqual(['Info: i=3', 'Warn: World']);
    expect(r.out).toEqual({ out_Text: 'Hello World' });
  });
});
