import { describe, expect, it } from 'vitest';
import { loadError, project, runBody, xaml } from './helpers';

const seq = (vars: string, body: string) => `<Sequence>
  <Sequence.Variables>${vars}</Sequence.Variables>
  ${body}
</Sequence>`;

/** Text made safe for an XML attribute. */
const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const dt = (name: string) => `<Variable x:TypeArguments="sd:DataTable" Name="${name}" />`;
const str = (name: string) => `<Variable x:TypeArguments="x:String" Name="${name}" />`;
const log = (expr: string) => `<WriteLine Text="[${attr(expr)}]" />`;
/** A table's rows as "a|b" lines, one log line per table. */
const rows = (t: string) =>
  log(`String.Join(";", ${t}.AsEnumerable().Select(Function(r) String.Join("|", r.ItemArray)))`);

const assignTable = (name: string, columns: string, values: string) => `
  <Assign>
    <Assign.To><OutArgument x:TypeArguments="sd:DataTable">[${name}]</OutArgument></Assign.To>
    <Assign.Value><InArgument x:TypeArguments="sd:DataTable">[New DataTable()]</InArgument></Assign.Value>
  </Assign>
  ${columns
    .split(',')
    .map((c) => {
      const [n, type] = c.split(':');
      return `<InvokeMethod MethodName="Add"><InvokeMethod.TargetObject><InArgument x:TypeArguments="sd:DataColumnCollection">[${name}.Columns]</InArgument></InvokeMethod.TargetObject><InArgument x:TypeArguments="x:String">${n}</InArgument><InArgument x:TypeArguments="s:Type">[GetType(${type})]</InArgument></InvokeMethod>`;
    })
    .join('\n')}
  ${values
    .split(';')
    .filter(Boolean)
    .map((v) => `<ui:AddDataRow ArrayRow="[{${attr(v)}}]" DataRow="{x:Null}" DataTable="[${name}]" />`)
    .join('\n')}`;

describe('Add Data Column (ui:AddDataColumn)', () => {
  it('adds columns as Studio writes them, the unset options keeping DataColumn defaults', async () => {
    const ran = await runBody(
      seq(
        dt('t'),
        `${assignTable('t', 'Name:String', '')}
        <ui:AddDataColumn x:TypeArguments="x:String" AllowDBNull="{x:Null}" AutoIncrement="{x:Null}" Column="{x:Null}" DefaultValue="{x:Null}" MaxLength="{x:Null}" Unique="{x:Null}" ColumnName="Status" DataTable="[t]" DisplayName="Add Data Column Status" />
        <ui:AddDataColumn x:TypeArguments="x:Int32" Column="{x:Null}" DefaultValue="{x:Null}" AllowDBNull="True" AutoIncrement="True" ColumnName="[&quot;Id&quot;]" DataTable="[t]" MaxLength="0" Unique="False" />
        <ui:AddDataRow ArrayRow="[{&quot;Ada&quot;}]" DataRow="{x:Null}" DataTable="[t]" />
        <ui:AddDataRow ArrayRow="[{&quot;Bob&quot;, &quot;new&quot;, Nothing}]" DataRow="{x:Null}" DataTable="[t]" />
        ${log('t.Columns(1).DataType.Name + " " + t.Columns(2).DataType.Name')}
        ${rows('t')}`,
      ),
    );
    // An auto-increment column numbers new rows from 0; Nothing in the array leaves the number.
    expect(ran.lines).toEqual(['Info: String Int32', 'Info: Ada||0;Bob|new|1']);
  });

  it('gives new rows the DefaultValue and enforces AllowDBNull False, catchable as NoNullAllowedException', async () => {
    const ran = await runBody(
      seq(
        dt('t'),
        `${assignTable('t', 'Name:String', '')}
        <ui:AddDataColumn x:TypeArguments="x:Int32" ColumnName="Tries" DataTable="[t]" DefaultValue="3" AllowDBNull="False" />
        <ui:AddDataRow ArrayRow="[{&quot;Ada&quot;}]" DataRow="{x:Null}" DataTable="[t]" />
        <ui:AddDataRow ArrayRow="[{&quot;Bob&quot;, 5}]" DataRow="{x:Null}" DataTable="[t]" />
        <TryCatch>
          <TryCatch.Try><ui:AddDataRow ArrayRow="[{&quot;Cy&quot;, DBNull.Value}]" DataRow="{x:Null}" DataTable="[t]" /></TryCatch.Try>
          <TryCatch.Catches>
            <Catch x:TypeArguments="s:Exception">
              <ActivityAction x:TypeArguments="s:Exception">
                <ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:Exception" Name="ex" /></ActivityAction.Argument>
                ${log('ex.GetType().Name + ": " + ex.Message')}
              </ActivityAction>
            </Catch>
          </TryCatch.Catches>
        </TryCatch>
        ${rows('t')}`,
      ),
    );
    expect(ran.lines).toEqual([
      "Info: NoNullAllowedException: Column 'Tries' does not allow nulls.",
      'Info: Ada|3;Bob|5',
    ]);
  });

  it('fails on a duplicate value in a Unique column', async () => {
    const run = runBody(
      seq(
        dt('t'),
        `${assignTable('t', 'Name:String', '"Ada"')}
        <ui:AddDataColumn x:TypeArguments="x:String" ColumnName="Code" DataTable="[t]" Unique="True" />
        <ui:AddDataRow ArrayRow="[{&quot;Bob&quot;, &quot;X&quot;}]" DataRow="{x:Null}" DataTable="[t]" />
        <ui:AddDataRow ArrayRow="[{&quot;Cy&quot;, &quot;X&quot;}]" DataRow="{x:Null}" DataTable="[t]" />`,
      ),
    );
    await expect(run).rejects.toMatchObject({
      exceptionType: 'ConstraintException',
      message: "Column 'Code' is constrained to be unique.  Value 'X' is already present.",
    });
  });
});

describe('Join Data Tables (ui:JoinDataTables)', () => {
  const join = (type: string, column1: string, column2: string) => `
    <ui:JoinDataTables DataTable1="[a]" DataTable2="[b]" DisplayName="Join Data Tables" JoinType="${type}" OutputDataTable="[j]">
      <ui:JoinDataTables.Arguments>
        <scg:List x:TypeArguments="ui:JoinOperationArgument" Capacity="4">
          <ui:JoinOperationArgument Operand="{x:Null}" BooleanOperator="And" Operator="EQ">
            <ui:JoinOperationArgument.Column1>${column1}</ui:JoinOperationArgument.Column1>
            <ui:JoinOperationArgument.Column2>${column2}</ui:JoinOperationArgument.Column2>
          </ui:JoinOperationArgument>
        </scg:List>
      </ui:JoinDataTables.Arguments>
    </ui:JoinDataTables>`;
  const byIndex = `<InArgument x:TypeArguments="x:Int32">[0]</InArgument>`;
  const byName = (n: string) => `<InArgument x:TypeArguments="x:String">["${n}"]</InArgument>`;
  const tables = `${assignTable('a', 'studentid:Int32,stuname:String', '100, "sakthi";101, "shruti";102, "steve"')}
    ${assignTable('b', 'studentid:Int32,bookname:String', '102, "sandhi";104, "shaunt"')}`;

  it('joins Inner by column index, the second studentid column named studentid_1', async () => {
    const ran = await runBody(
      seq(
        dt('a') + dt('b') + dt('j'),
        `${tables}${join('Inner', byIndex, byIndex)}
        ${log('String.Join(",", j.Columns.Cast(Of DataColumn)().Select(Function(c) c.ColumnName))')}
        ${rows('j')}`,
      ),
    );
    expect(ran.lines).toEqual(['Info: studentid,stuname,studentid_1,bookname', 'Info: 102|steve|102|sandhi']);
  });

  it('keeps unmatched rows with Left and Full, by column name', async () => {
    const ran = await runBody(
      seq(
        dt('a') + dt('b') + dt('j'),
        `${tables}${join('Left', byName('studentid'), byName('studentid'))}
        ${rows('j')}
        ${join('Full', byName('studentid'), byIndex)}
        ${rows('j')}`,
      ),
    );
    expect(ran.lines).toEqual([
      'Info: 100|sakthi||;101|shruti||;102|steve|102|sandhi',
      'Info: 100|sakthi||;101|shruti||;102|steve|102|sandhi;||104|shaunt',
    ]);
  });

  it('refuses at load a JoinType or Operator the activity does not have', () => {
    const load = (body: string) => loadError(project({ 'Main.xaml': xaml(seq(dt('a') + dt('b') + dt('j'), body)) }));
    expect(load(join('Right', byIndex, byIndex))).toContain("'Right' is not a valid JoinType (Inner, Left, Full)");
    expect(load(join('Inner', byIndex, byIndex).replace('Operator="EQ"', 'Operator="LIKE"'))).toContain(
      "'LIKE' is not a join operator",
    );
  });
});

describe('Create List (ui:CreateList)', () => {
  it('makes a new List(Of T), empty or holding ListItems', async () => {
    const ran = await runBody(
      seq(
        `<Variable x:TypeArguments="scg:List(x:String)" Name="college" />`,
        `<ui:CreateList x:TypeArguments="x:String" DisplayName="Create List" NewList="[college]" />
        <AddToCollection x:TypeArguments="x:String" Collection="[college]" Item="cse" />
        ${log('college.Count.ToString + " " + college(0)')}
        <ui:CreateList x:TypeArguments="x:String" NewList="[college]">
          <ui:CreateList.ListItems>
            <scg:List x:TypeArguments="InArgument(x:String)" Capacity="4">
              <InArgument x:TypeArguments="x:String">ece</InArgument>
              <InArgument x:TypeArguments="x:String">["me" + "ch"]</InArgument>
            </scg:List>
          </ui:CreateList.ListItems>
        </ui:CreateList>
        ${log('String.Join(",", college)')}`,
      ),
    );
    expect(ran.lines).toEqual(['Info: 1 cse', 'Info: ece,mech']);
  });
});

describe('Text to Left/Right and the Regex activities', () => {
  it('splits at the first separator as the corpus workflow does', async () => {
    const ran = await runBody(
      seq(
        str('dauer') + str('strecke'),
        `<ui:TextToLeftRight CustomSeparatorEnabled="False" DisplayName="Text to Left/Right" FullText="[&quot;25 min 18,4 km&quot;]" Separator=" " SeparatorKey="Space" TextToLeft="[dauer]" TextToRight="[strecke]" />
        ${log('dauer + "/" + strecke')}`,
      ),
    );
    expect(ran.lines).toEqual(['Info: 25/min 18,4 km']);
  });

  it('finds matches (Result and FirstMatch), tests a match and replaces, with Studio regex builder data around', async () => {
    const ran = await runBody(
      seq(
        `<Variable x:TypeArguments="scg:IEnumerable(tt:Match)" Name="found" /><Variable x:TypeArguments="x:Boolean" Name="ok" />` +
          str('phone') +
          str('name'),
        `<ui:Matches BuilderPattern="(407)([0-9])+" DisplayName="Find Matching Patterns" FirstMatch="[phone]" Input="[&quot;call 4071234 or 40799&quot;]" IsBuilderTabModified="True" Model="[{&quot;Index&quot;:0}]" Pattern="(407)([0-9])+" RegexOption="IgnoreCase, Compiled" Result="[found]" />
        ${log('phone + " " + found.Count.ToString')}
        <ui:ForEach x:TypeArguments="x:Object" CurrentIndex="{x:Null}" Values="[found]">
          <ui:ForEach.Body>
            <ActivityAction x:TypeArguments="x:Object">
              <ActivityAction.Argument><DelegateInArgument x:TypeArguments="x:Object" Name="currentItem" /></ActivityAction.Argument>
              ${log('currentItem.ToString')}
            </ActivityAction>
          </ui:ForEach.Body>
        </ui:ForEach>
        <ui:IsMatch Input="[phone]" Pattern="^\\d+$" RegexOption="None" Result="[ok]" />
        ${log('ok.ToString')}
        <Assign><Assign.To><OutArgument x:TypeArguments="x:String">[name]</OutArgument></Assign.To><Assign.Value><InArgument x:TypeArguments="x:String">ActivityType</InArgument></Assign.Value></Assign>
        <ui:Replace BuilderPattern="([A-Z])" DisplayName="Replace" Input="[name]" IsBuilderTabModified="True" Pattern="([A-Z])" RegexOption="None" Replacement=" $1" Result="[name]" />
        <ui:Replace Input="[name]" Pattern="^\\s*" RegexOption="None" Result="[name]" />
        ${log('"[" + name + "]"')}`,
      ),
    );
    expect(ran.lines).toEqual([
      'Info: 4071234 2',
      'Info: 4071234',
      'Info: 40799',
      'Info: True',
      'Info: [Activity Type]',
    ]);
  });

  it('refuses at load a literal pattern or option this agent cannot run', () => {
    const load = (attrs: string) =>
      loadError(project({ 'Main.xaml': xaml(seq(str('s'), `<ui:IsMatch Input="[s]" ${attrs} Result="{x:Null}" />`)) }));
    expect(load('Pattern="(a)?(?(1)b|c)" RegexOption="None"')).toContain(
      "The regular expression construct '(?(…)…)' (an alternation construct) is not supported by this agent.",
    );
    expect(load('Pattern="a" RegexOption="RightToLeft"')).toContain(
      'The regular expression construct RegexOptions.RightToLeft is not supported by this agent.',
    );
    expect(load('Pattern="(a" RegexOption="None"')).toContain("Invalid pattern '(a' at offset 2. Not enough )'s.");
    expect(load('Pattern="a" RegexOption="IgnoreCase, Fuzzy"')).toContain("'Fuzzy' is not a RegexOptions value.");
    // An atomic group is .NET that this agent runs.
    expect(load('Pattern="(?&gt;a+)b" RegexOption="None"')).toBe('loaded');
  });

  it("gives Matches' Result as .NET's Match objects, used through their members in later expressions", async () => {
    const matchVar = (name: string) => `<Variable x:TypeArguments="scg:IEnumerable(tt:Match)" Name="${name}" />`;
    const ran = await runBody(
      seq(
        matchVar('dates') + matchVar('none') + str('first'),
        `<ui:Matches Input="[&quot;from 2024-05-06 to 2025-12-31.&quot;]" Pattern="(?&lt;year&gt;\\d{4})-(\\d\\d)-(?&lt;day&gt;\\d\\d)" RegexOption="None" Result="[dates]" FirstMatch="[first]" />
        ${log('dates.Count().ToString + " " + first')}
        ${log('dates(0).Groups("year").Value + "/" + dates(0).Groups(1).Value + "/" + dates(0).Groups("day").Value')}
        ${log('dates(1).Index.ToString + " " + dates(1).Length.ToString + " " + dates(1).Success.ToString')}
        ${log('dates(0).NextMatch().Value + " " + dates(1).NextMatch().Success.ToString')}
        ${log('String.Join(",", dates.Select(Function(m) m.Groups("year").Value))')}
        <ForEach x:TypeArguments="tt:Match" Values="[dates]">
          <ActivityAction x:TypeArguments="tt:Match">
            <ActivityAction.Argument><DelegateInArgument x:TypeArguments="tt:Match" Name="m" /></ActivityAction.Argument>
            ${log('m.Groups.Count.ToString + " " + m.ToString')}
          </ActivityAction>
        </ForEach>
        <ui:Matches Input="[&quot;no digits&quot;]" Pattern="\\d+" RegexOption="[RegexOptions.IgnoreCase Or RegexOptions.Multiline]" Result="[none]" FirstMatch="[first]" />
        ${log('none.Count().ToString + " " + (first Is Nothing).ToString + " " + none.Any().ToString')}`,
      ),
    );
    expect(ran.lines).toEqual([
      'Info: 2 2024-05-06',
      'Info: 2024/05/06',
      'Info: 19 10 True',
      'Info: 2025-12-31 False',
      'Info: 2024,2025',
      'Info: 4 2024-05-06',
      'Info: 4 2025-12-31',
      'Info: 0 True False',
    ]);
  });
});
