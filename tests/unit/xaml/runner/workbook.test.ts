import { describe, expect, it } from 'vitest';
import { memoryHost } from '../helpers';
import { loadError, project, runBody, xaml } from './helpers';

/**
 * The workbook activities as Studio writes them (UiPath.Excel.Activities in the `ui` namespace):
 * their properties' defaults, their values in workflow variables, their exceptions in TryCatch.
 */

const people = `<ui:BuildDataTable DataTable="[dt]" DisplayName="Build Data Table" TableInfo="&lt;NewDataSet&gt;&lt;xs:schema id=&quot;NewDataSet&quot; xmlns=&quot;&quot; xmlns:xs=&quot;http://www.w3.org/2001/XMLSchema&quot; xmlns:msdata=&quot;urn:schemas-microsoft-com:xml-msdata&quot;&gt;&lt;xs:element name=&quot;NewDataSet&quot; msdata:IsDataSet=&quot;true&quot; msdata:MainDataTable=&quot;T&quot;&gt;&lt;xs:complexType&gt;&lt;xs:choice minOccurs=&quot;0&quot; maxOccurs=&quot;unbounded&quot;&gt;&lt;xs:element name=&quot;T&quot;&gt;&lt;xs:complexType&gt;&lt;xs:sequence&gt;&lt;xs:element name=&quot;Name&quot; type=&quot;xs:string&quot; minOccurs=&quot;0&quot; /&gt;&lt;xs:element name=&quot;Age&quot; type=&quot;xs:int&quot; minOccurs=&quot;0&quot; /&gt;&lt;/xs:sequence&gt;&lt;/xs:complexType&gt;&lt;/xs:element&gt;&lt;/xs:choice&gt;&lt;/xs:complexType&gt;&lt;/xs:element&gt;&lt;/xs:schema&gt;&lt;T&gt;&lt;Name&gt;Ann&lt;/Name&gt;&lt;Age&gt;34&lt;/Age&gt;&lt;/T&gt;&lt;T&gt;&lt;Name&gt;Bob&lt;/Name&gt;&lt;Age&gt;27&lt;/Age&gt;&lt;/T&gt;&lt;/NewDataSet&gt;" />`;

const vars = `<Sequence.Variables>
      <Variable x:TypeArguments="sd:DataTable" Name="dt" />
      <Variable x:TypeArguments="sd:DataTable" Name="back" />
      <Variable x:TypeArguments="x:String" Name="text" />
      <Variable x:TypeArguments="x:Object" Name="value" />
      <Variable x:TypeArguments="scg:List(x:String)" Name="sheets" />
    </Sequence.Variables>`;

describe('Workbook activities in a workflow', () => {
  it('writes without headers and reads with headers by default, on Sheet1 by default', async () => {
    const host = memoryHost();
    const ran = await runBody(
      `<Sequence>
    ${vars}
    ${people}
    <ui:WriteRange DataTable="[dt]" DisplayName="Write Range" WorkbookPath="people.xlsx" />
    <ui:ReadRange Range="{x:Null}" DataTable="[back]" DisplayName="Read Range" WorkbookPath="people.xlsx" />
    <WriteLine Text="[back.Columns(0).ColumnName + &quot;|&quot; + back.Columns(1).ColumnName + &quot;|&quot; + back.Rows.Count.ToString + &quot;|&quot; + back.Rows(0)(0).ToString + &quot;|&quot; + back.Columns(1).DataType.Name]" />
    <ui:GetWorkbookSheets DisplayName="Get Workbook Sheets" Result="[sheets]" WorkbookPath="people.xlsx" />
    <WriteLine Text="[String.Join(&quot;,&quot;, sheets)]" />
  </Sequence>`,
      { host },
    );
    // The header row is the first data row (Ann 34); Bob 27 is the only row under it.
    expect(ran.lines).toEqual(['Info: Ann|34|1|Bob|Object', 'Info: Sheet1']);
    expect(host.blobs.has('people.xlsx')).toBe(true);
  });

  it('writes headers, appends, reads a range; values keep their types (Age is a Double)', async () => {
    const ran = await runBody(
      `<Sequence>
    ${vars}
    ${people}
    <ui:WriteRange AddHeaders="True" DataTable="[dt]" DisplayName="Write Range" SheetName="People" StartingCell="B2" WorkbookPath="[&quot;book.xlsx&quot;]">
      <ui:WriteRange.Password>
        <InArgument x:TypeArguments="x:String" />
      </ui:WriteRange.Password>
    </ui:WriteRange>
    <ui:AppendRange DataTable="[dt]" DisplayName="Append Range" SheetName="People" WorkbookPath="book.xlsx" />
    <ui:ReadRange AddHeaders="True" DataTable="[back]" DisplayName="Read Range" Range="B2:C6" SheetName="People" WorkbookPath="book.xlsx" />
    <WriteLine Text="[String.Join(&quot;;&quot;, back.AsEnumerable().Select(Function(r) r(&quot;Name&quot;).ToString + &quot;=&quot; + r(&quot;Age&quot;).GetType().Name))]" />
    <WriteLine Text="[(CDbl(back.Rows(0)(&quot;Age&quot;)) + CDbl(back.Rows(3)(&quot;Age&quot;))).ToString]" />
  </Sequence>`,
    );
    expect(ran.lines).toEqual(['Info: Ann=Double;Bob=Double;Ann=Double;Bob=Double', 'Info: 61']);
  });

  it('writes and reads cells; a String variable takes a Double as its text', async () => {
    const ran = await runBody(
      `<Sequence>
    ${vars}
    ${people}
    <ui:WriteRange AddHeaders="True" DataTable="[dt]" DisplayName="Write Range" SheetName="Sheet1" StartingCell="A1" WorkbookPath="c.xlsx" />
    <ui:WriteCell Cell="C1" DisplayName="Write Cell" SheetName="Sheet1" Text="Note" WorkbookPath="c.xlsx" />
    <ui:ReadCell Cell="B2" DisplayName="Read Cell" Result="[text]" SheetName="Sheet1" WorkbookPath="c.xlsx" />
    <ui:ReadCell Cell="C1" DisplayName="Read Cell" Result="[value]" SheetName="Sheet1" WorkbookPath="c.xlsx" />
    <WriteLine Text="[text + &quot; &quot; + value.ToString]" />
  </Sequence>`,
    );
    expect(ran.lines).toEqual(['Info: 34 Note']);
  });

  it('throws exceptions a TryCatch catches by type', async () => {
    const ran = await runBody(
      `<Sequence>
    ${vars}
    <TryCatch>
      <TryCatch.Try>
        <ui:ReadRange DataTable="[back]" SheetName="Sheet1" WorkbookPath="missing.xlsx" />
      </TryCatch.Try>
      <TryCatch.Catches>
        <Catch x:TypeArguments="s:IO.IOException">
          <ActivityAction x:TypeArguments="s:IO.IOException">
            <ActivityAction.Argument>
              <DelegateInArgument x:TypeArguments="s:IO.IOException" Name="ex" />
            </ActivityAction.Argument>
            <WriteLine Text="[ex.GetType().Name + &quot;: &quot; + ex.Message]" />
          </ActivityAction>
        </Catch>
      </TryCatch.Catches>
    </TryCatch>
  </Sequence>`,
    );
    expect(ran.lines).toEqual(["Info: FileNotFoundException: Could not find file 'missing.xlsx'."]);
  });

  it('still refuses the Excel Application Scope (with workbook activities inside) and every Excel… activity', () => {
    const scope = xaml(`<ui:ExcelApplicationScope WorkbookPath="a.xlsx">
      <ui:ExcelApplicationScope.Body>
        <ActivityAction x:TypeArguments="ui:WorkbookApplication">
          <Sequence><ui:ReadRange SheetName="Sheet1" /></Sequence>
        </ActivityAction>
      </ui:ExcelApplicationScope.Body>
    </ui:ExcelApplicationScope>`);
    expect(loadError(project({ 'Main.xaml': scope }))).toMatch(
      /^Activity ui:ExcelApplicationScope \(Main\.xaml line \d+\) needs a desktop and is not supported by this agent$/,
    );
    for (const name of ['ExcelReadRange', 'ExcelWriteCell', 'ExcelAddSheetSomeDay'])
      expect(loadError(project({ 'Main.xaml': xaml(`<ui:${name} />`) }))).toMatch(
        new RegExp(`^Activity ui:${name} \\(Main\\.xaml line \\d+\\) needs a desktop`),
      );
  });

  it('refuses at load a workbook given as a resource or a Workbook variable, and a missing WorkbookPath', () => {
    const resource = xaml(`<ui:ReadRange WorkbookPathResource="[res]" SheetName="Sheet1" />`);
    expect(loadError(project({ 'Main.xaml': resource }))).toMatch(
      /^Activity ui:ReadRange \(Main\.xaml line \d+\): WorkbookPathResource is not supported by this agent/,
    );
    expect(loadError(project({ 'Main.xaml': xaml(`<ui:WriteCell Cell="A1" Text="x" />`) }))).toMatch(
      /^Activity ui:WriteCell \(Main\.xaml line \d+\): WorkbookPath is required$/,
    );
    const unset = xaml(
      `<ui:ReadCell Cell="A1" Workbook="{x:Null}" WorkbookPathResource="{x:Null}" WorkbookPath="a.xlsx" />`,
    );
    expect(loadError(project({ 'Main.xaml': unset }))).toBe('loaded');
  });
});
