import { describe, expect, it } from 'vitest';
import { loadError, project, runBody, xaml } from './helpers';

const loadOf = (body: string, cs = false) => loadError(project({ 'Main.xaml': xaml(body, { cs }) }));

describe('desktop-only .NET types in expressions', () => {
  it("refuses REFramework's screen-size log line as needing a desktop, naming the type", () => {
    const message = loadOf(`<Sequence>
      <ui:LogMessage DisplayName="Log Message (screen)" Level="Info"
        Message="[&quot;The primary screen resolution is: &quot;+Screen.PrimaryScreen.Bounds.Width.ToString+&quot; x &quot;+ Screen.PrimaryScreen.Bounds.Height.ToString]" />
    </Sequence>`);
    expect(message).toMatch(/^Activity ui:LogMessage \(Main\.xaml line \d+\): /);
    expect(message).toContain(
      "'Screen' (System.Windows.Forms.Screen) needs a desktop and is not supported by this agent at position 38 in expression",
    );
  });

  it('refuses the C# template line naming SystemParameters the same way', () => {
    const message = loadOf(
      `<Sequence>
      <ui:LogMessage Level="Info">
        <ui:LogMessage.Message>
          <InArgument x:TypeArguments="x:Object">
            <mca:CSharpValue x:TypeArguments="x:Object">"The primary screen resolution is: " + SystemParameters.PrimaryScreenWidth.ToString() + " x " + SystemParameters.PrimaryScreenHeight.ToString()</mca:CSharpValue>
          </InArgument>
        </ui:LogMessage.Message>
      </ui:LogMessage>
    </Sequence>`,
      true,
    );
    expect(message).toContain(
      "'SystemParameters' (System.Windows.SystemParameters) needs a desktop and is not supported by this agent",
    );
  });

  it('still says "not declared" for other unknown names, and runs a variable that happens to be called Screen', async () => {
    expect(loadOf(`<WriteLine Text="[Monitor.Width]" />`)).toContain("'Monitor' is not declared");
    const ran = await runBody(`<Sequence>
      <Sequence.Variables><Variable x:TypeArguments="x:String" Name="Screen" Default="login" /></Sequence.Variables>
      <WriteLine Text="[Screen.ToUpper]" />
    </Sequence>`);
    expect(ran.lines).toEqual(['Info: LOGIN']);
  });
});

describe("a Global Exception Handler's result (UiPath's ErrorAction)", () => {
  it('sets an OutArgument(uico:ErrorAction) as the GlobalHandler template does', async () => {
    const ran = await runBody(
      `<Sequence>
      <Assign>
        <Assign.To><OutArgument x:TypeArguments="uico:ErrorAction">[result]</OutArgument></Assign.To>
        <Assign.Value><InArgument x:TypeArguments="uico:ErrorAction">[ErrorAction.Ignore]</InArgument></Assign.Value>
      </Assign>
      <WriteLine Text="[If(result = ErrorAction.Ignore, &quot;ignored&quot;, &quot;other&quot;)]" />
    </Sequence>`,
      { members: `<x:Property Name="result" Type="OutArgument(uico:ErrorAction)" />` },
    );
    expect(ran.lines).toEqual(['Info: ignored']);
    expect(ran.out).toEqual({ result: 'Ignore' });
  });
});
