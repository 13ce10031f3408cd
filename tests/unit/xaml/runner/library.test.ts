import { describe, expect, it } from 'vitest';
import { WorkflowFailure } from '../../../../agent/xaml/runner';
import { memoryHost } from '../helpers';
import { loadError, project, runBody, xaml } from './helpers';

const seq = (vars: string, body: string) => `
  <Sequence DisplayName="Sequence">
    <Sequence.Variables>${vars}</Sequence.Variables>
${body}
  </Sequence>`;

const loadOf = (body: string) => loadError(project({ 'Main.xaml': xaml(body) }));

describe('library activities: what the runner refuses at load', () => {
  it('names an enum value outside the activity enum, with the file and line', () => {
    expect(loadOf(`<ui:ReadCsvFile DataTable="{x:Null}" Delimitator="Space" FilePath="a.csv" />`)).toBe(
      "Activity ui:ReadCsvFile (Main.xaml line 36): 'Space' is not a valid Delimitator (Comma, Semicolon, Tab, Caret, Pipe)",
    );
    expect(loadOf(`<ui:SortDataTable DataTable="[Nothing]" ColumnName="A" SortOrder="Up" />`)).toContain(
      "'Up' is not a valid SortOrder",
    );
    expect(loadOf(`<ui:PathExists Path="a" PathType="Drive" />`)).toContain("'Drive' is not a valid PathType");
  });

  it('refuses a filter operator FilterOperator does not have and a TableInfo that is not a schema', () => {
    const filter = `<ui:FilterDataTable DataTable="[Nothing]" OutputDataTable="{x:Null}">
      <ui:FilterDataTable.Filters>
        <scg:List x:TypeArguments="ui:FilterOperationArgument" Capacity="4">
          <ui:FilterOperationArgument BooleanOperator="And" Operator="LIKE" Operand="{x:Null}">
            <ui:FilterOperationArgument.Column><InArgument x:TypeArguments="x:String">["A"]</InArgument></ui:FilterOperationArgument.Column>
          </ui:FilterOperationArgument>
        </scg:List>
      </ui:FilterDataTable.Filters>
    </ui:FilterDataTable>`;
    expect(loadOf(filter)).toContain("'LIKE' is not a filter operator.");
    expect(loadOf(`<ui:BuildDataTable DataTable="{x:Null}" TableInfo="&lt;NewDataSet /&gt;" />`)).toContain(
      'The TableInfo of BuildDataTable is not valid',
    );
  });
});

describe('library activities: running', () => {
  it('fails an uncaught missing file with .NET exception type and message', async () => {
    const run = runBody(
      seq(
        `<Variable x:TypeArguments="x:String" Name="t" />`,
        `<ui:ReadTextFile FileName="data\\in.txt" Content="[t]" />`,
      ),
    );
    await expect(run).rejects.toThrow(WorkflowFailure);
    await expect(run).rejects.toMatchObject({
      exceptionType: 'FileNotFoundException',
      message: "Could not find file 'data\\in.txt'.",
    });
  });

  it('writes or appends with AppendWriteCsvFile by its CsvAction, and reads without headers', async () => {
    const host = memoryHost();
    const ran = await runBody(
      seq(
        `<Variable x:TypeArguments="sd:DataTable" Name="dt" Default="[New DataTable()]" />
         <Variable x:TypeArguments="sd:DataTable" Name="back" />`,
        `<InvokeMethod MethodName="Add" TargetObject="[dt.Columns]"><InArgument x:TypeArguments="x:String">["A"]</InArgument></InvokeMethod>
         <ui:AddDataRow DataRow="{x:Null}" ArrayRow="[{&quot;x|y&quot;}]" DataTable="[dt]" />
         <ui:AppendWriteCsvFile AddHeaders="True" CsvAction="Write" DataTable="[dt]" DelimitatorForViewModel="Pipe" FilePath="o.csv" />
         <ui:AppendWriteCsvFile AddHeaders="True" CsvAction="Append" DataTable="[dt]" DelimitatorForViewModel="Pipe" FilePath="o.csv" />
         <ui:ReadCsvFile DataTable="[back]" Delimitator="Pipe" FilePath="o.csv" IncludeColumnNames="False" />
         <WriteLine Text="[back.Rows.Count.ToString + &quot; &quot; + back.Columns(0).ColumnName + &quot; &quot; + back.Rows(1)(0).ToString]" />`,
      ),
      { host },
    );
    expect(host.files.get('o.csv')).toBe('A\n"x|y"\n"x|y"\n');
    expect(ran.lines).toEqual(['Info: 3 Column1 x|y']);
  });

  it('filters with NOTCONTAINS and Or, removes a selected column, in a C# workflow', async () => {
    const ran = await runBody(
      seq(
        `<Variable x:TypeArguments="sd:DataTable" Name="dt" />
         <Variable x:TypeArguments="sd:DataTable" Name="kept" />`,
        `<Assign>
          <Assign.To><OutArgument x:TypeArguments="sd:DataTable"><mca:CSharpReference x:TypeArguments="sd:DataTable">dt</mca:CSharpReference></OutArgument></Assign.To>
          <Assign.Value><InArgument x:TypeArguments="sd:DataTable"><mca:CSharpValue x:TypeArguments="sd:DataTable">new DataTable()</mca:CSharpValue></InArgument></Assign.Value>
        </Assign>
        <InvokeMethod MethodName="Add" TargetObject="[dt.Columns]"><InArgument x:TypeArguments="x:String">["Name"]</InArgument></InvokeMethod>
        <InvokeMethod MethodName="Add" TargetObject="[dt.Columns]"><InArgument x:TypeArguments="x:String">["Note"]</InArgument></InvokeMethod>
        <ui:AddDataRow DataRow="{x:Null}" ArrayRow="[new object[] { &quot;Ann&quot;, &quot;urgent call&quot; }]" DataTable="[dt]" />
        <ui:AddDataRow DataRow="{x:Null}" ArrayRow="[new object[] { &quot;Bob&quot;, &quot;later&quot; }]" DataTable="[dt]" />
        <ui:AddDataRow DataRow="{x:Null}" ArrayRow="[new object[] { &quot;Cid&quot;, &quot;urgent&quot; }]" DataTable="[dt]" />
        <ui:FilterDataTable DataTable="[dt]" FilterRowsMode="Keep" SelectColumnsMode="Remove">
          <ui:FilterDataTable.OutputDataTable>
            <OutArgument x:TypeArguments="sd:DataTable"><mca:CSharpReference x:TypeArguments="sd:DataTable">kept</mca:CSharpReference></OutArgument>
          </ui:FilterDataTable.OutputDataTable>
          <ui:FilterDataTable.Filters>
            <scg:List x:TypeArguments="ui:FilterOperationArgument" Capacity="4">
              <ui:FilterOperationArgument BooleanOperator="Or" Operator="NOTCONTAINS">
                <ui:FilterOperationArgument.Column><InArgument x:TypeArguments="x:Int32">[1]</InArgument></ui:FilterOperationArgument.Column>
                <ui:FilterOperationArgument.Operand><InArgument x:TypeArguments="x:String">["urgent"]</InArgument></ui:FilterOperationArgument.Operand>
              </ui:FilterOperationArgument>
              <ui:FilterOperationArgument BooleanOperator="Or" Operator="EQ">
                <ui:FilterOperationArgument.Column><InArgument x:TypeArguments="x:String">["Name"]</InArgument></ui:FilterOperationArgument.Column>
                <ui:FilterOperationArgument.Operand><InArgument x:TypeArguments="x:String">["Cid"]</InArgument></ui:FilterOperationArgument.Operand>
              </ui:FilterOperationArgument>
            </scg:List>
          </ui:FilterDataTable.Filters>
          <ui:FilterDataTable.SelectColumns>
            <scg:List x:TypeArguments="InArgument" Capacity="4">
              <InArgument x:TypeArguments="x:String">["Note"]</InArgument>
            </scg:List>
          </ui:FilterDataTable.SelectColumns>
        </ui:FilterDataTable>
        <WriteLine Text="[kept.Columns.Count.ToString() + &quot;: &quot; + string.Join(&quot;,&quot;, kept.AsEnumerable().Select(r =&gt; r[0].ToString()))]" />`,
      ),
      { cs: true },
    );
    expect(ran.lines).toEqual(['Info: 1: Bob,Cid']);
  });

  it('refuses a library activity without its required property', () => {
    expect(loadOf(`<ui:HttpClient Method="GET" />`)).toContain('EndPoint is required');
  });
});
