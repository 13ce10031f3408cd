import { describe, expect, it } from 'vitest';
import { memoryHost } from '../helpers';
import { loadError, project, runBody, xaml } from './helpers';

// Newer UiPath packages write their activities under clr-namespace prefixes of their own assemblies.
const csv = 'xmlns:ucs="clr-namespace:UiPath.CSV.Activities;assembly=UiPath.CSV.Activities"';
const excel = 'xmlns:ue="clr-namespace:UiPath.Excel.Activities;assembly=UiPath.Excel"';

describe('UiPath activities under their packages’ clr-namespace prefixes', () => {
  it('runs a CSV activity written as ucs:ReadCsvFile', async () => {
    const host = memoryHost({ 'people.csv': 'Name,Age\nAda,36\nAlan,41\n' });
    const body = `<Sequence ${csv}>
    <Sequence.Variables><Variable x:TypeArguments="sd:DataTable" Name="dt" /></Sequence.Variables>
    <ucs:ReadCsvFile DataTable="[dt]" Delimitator="Comma" FilePath="people.csv" />
    <WriteLine Text="[dt.Rows.Count.ToString + &quot; rows, first &quot; + dt.Rows(0)(&quot;Name&quot;).ToString]" />
  </Sequence>`;
    const ran = await runBody(body, { host });
    expect(ran.lines).toEqual(['Info: 2 rows, first Ada']);
  });

  it('refuses an Excel package activity as needing a desktop, with its prefix and line', () => {
    const text = xaml(`<Sequence ${excel}>
    <ue:ExcelApplicationScope WorkbookPath="a.xlsx" />
  </Sequence>`);
    const line = text.split('\n').findIndex((l) => l.includes('<ue:ExcelApplicationScope')) + 1;
    expect(loadError(project({ 'Main.xaml': text }))).toBe(
      `Activity ue:ExcelApplicationScope (Main.xaml line ${line}) needs a desktop and is not supported by this agent`,
    );
  });
});
