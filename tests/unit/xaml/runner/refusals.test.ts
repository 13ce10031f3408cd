import { describe, expect, it } from 'vitest';
import { loadError, project, xaml } from './helpers';

/** The load error of a workflow whose Sequence holds `inner` (with `ns` declared on it), and the line of `marker`. */
function refusalOf(inner: string, marker: string, ns = ''): { message: string; line: number } {
  const text = xaml(`<Sequence${ns ? ' ' + ns : ''}>\n    ${inner}\n  </Sequence>`);
  const line = text.split('\n').findIndex((l) => l.includes(marker)) + 1;
  return { message: loadError(project({ 'Main.xaml': text })), line };
}

const desktop = (qname: string, line: number) =>
  `Activity ${qname} (Main.xaml line ${line}) needs a desktop and is not supported by this agent`;

describe('XAML loader: activities needing a desktop, by package', () => {
  it.each([
    ['ui:BrowserScope', '<ui:BrowserScope BrowserType="Chrome" UiBrowser="{x:Null}" />'],
    ['ui:WaitImageAppear', '<ui:WaitImageAppear FoundElement="{x:Null}" />'],
    ['ui:WindowScope', '<ui:WindowScope ApplicationWindow="{x:Null}" />'],
    ['ui:WaitUiElementAppear', '<ui:WaitUiElementAppear FoundElement="{x:Null}" />'],
    ['ui:UiElementExists', '<ui:UiElementExists Exists="{x:Null}" />'],
    ['ui:SendOutlookMail', '<ui:SendOutlookMail Body="hi" To="a@b.c" />'],
    ['ui:NClick', '<ui:NClick />'],
    ['ui:WordApplicationScope', '<ui:WordApplicationScope FilePath="a.docx" />'],
    ['ui:ExcelApplicationScope', '<ui:ExcelApplicationScope WorkbookPath="a.xlsx" />'],
  ])('refuses %s of the shared UiPath namespace as needing a desktop', (qname, el) => {
    const r = refusalOf(el, `<${qname}`);
    expect(r.message).toBe(desktop(qname, r.line));
  });

  it.each([
    [
      'uia:Foo',
      'xmlns:uia="clr-namespace:UiPath.UIAutomationNext.Activities;assembly=UiPath.UIAutomationNext.Activities"',
    ],
    ['ucore:Bar', 'xmlns:ucore="clr-namespace:UiPath.Core.Activities;assembly=UiPath.UiAutomation.Activities"'],
    ['um:SendMail', 'xmlns:um="clr-namespace:UiPath.Mail.SMTP.Activities;assembly=UiPath.Mail.Activities"'],
    ['uw:AnyWordThing', 'xmlns:uw="clr-namespace:UiPath.Word.Activities;assembly=UiPath.Word.Activities"'],
    [
      'up:AnySlide',
      'xmlns:up="clr-namespace:UiPath.Presentations.Activities;assembly=UiPath.Presentations.Activities"',
    ],
    ['ux:Anything', 'xmlns:ux="http://schemas.uipath.com/workflow/activities/uix"'],
    ['ue:ReadRange', 'xmlns:ue="clr-namespace:UiPath.Excel.Activities;assembly=UiPath.Excel.Activities"'],
  ])('refuses %s by its package namespace, whatever its name', (qname, ns) => {
    const r = refusalOf(`<${qname} />`, `<${qname}`, ns);
    expect(r.message).toBe(desktop(qname, r.line));
  });

  it('refuses a desktop package activity even when its name is one the runner runs', () => {
    const ns =
      'xmlns:uia="clr-namespace:UiPath.UIAutomationNext.Activities;assembly=UiPath.UIAutomationNext.Activities"';
    const r = refusalOf('<uia:LogMessage Message="x" />', '<uia:LogMessage', ns);
    expect(r.message).toBe(desktop('uia:LogMessage', r.line));
  });
});

describe('XAML loader: activities of a .NET library and WCF messaging', () => {
  it('names the assembly of a third-party or project library activity', () => {
    const ns = 'xmlns:acme="clr-namespace:Acme.Finance.Activities;assembly=Acme.Finance"';
    const r = refusalOf('<acme:ComputeVat Rate="0.2" />', '<acme:ComputeVat', ns);
    expect(r.message).toBe(
      `Activity acme:ComputeVat (Main.xaml line ${r.line}) needs the library Acme.Finance (a .NET assembly), which this agent cannot load`,
    );
  });

  it('names the CLR namespace when the URI gives no assembly', () => {
    const r = refusalOf('<local:Helper />', '<local:Helper', 'xmlns:local="clr-namespace:MyProject.Activities"');
    expect(r.message).toBe(
      `Activity local:Helper (Main.xaml line ${r.line}) needs the library MyProject.Activities (a .NET assembly), which this agent cannot load`,
    );
  });

  it.each([
    [
      'p1:LoadTaxonomy',
      'xmlns:p1="http://schemas.uipath.com/workflow/activities/intelligentocr"',
      'UiPath.IntelligentOCR.Activities',
    ],
    [
      'p2:ExportExtractionResults',
      'xmlns:p2="http://schemas.uipath.com/workflow/activities/intelligentocr/extraction"',
      'UiPath.IntelligentOCR.Activities',
    ],
    ['p:PythonScope', 'xmlns:p="http://schemas.uipath.com/workflow/activities/python"', 'UiPath.Python.Activities'],
    ['p:WithFtpSession', 'xmlns:p="http://schemas.uipath.com/workflow/activities/ftp"', 'UiPath.FTP.Activities'],
    [
      'uca:HashText',
      'xmlns:uca="clr-namespace:UiPath.Cryptography.Activities;assembly=UiPath.Cryptography.Activities"',
      'UiPath.Cryptography.Activities',
    ],
    [
      'o:SendMailConnections',
      'xmlns:o="clr-namespace:UiPath.MicrosoftOffice365.Activities.Mail;assembly=UiPath.MicrosoftOffice365.Activities"',
      'UiPath.MicrosoftOffice365.Activities',
    ],
  ])('names the UiPath package %s comes from when the agent does not have it', (qname, ns, pkg) => {
    const r = refusalOf(`<${qname} />`, `<${qname}`, ns);
    expect(r.message).toBe(
      `Activity ${qname} (Main.xaml line ${r.line}) needs the library ${pkg} (a .NET assembly), which this agent cannot load`,
    );
  });

  it.each([
    ['ui:InvokePowerShell', ''],
    [
      'ucas:GetStreamResults',
      'xmlns:ucas="clr-namespace:UiPath.Core.Activities.Storage;assembly=UiPath.System.Activities"',
    ],
    [
      'utam:MockActivity',
      'xmlns:utam="clr-namespace:UiPath.Testing.Activities.Mocks;assembly=UiPath.Testing.Activities"',
    ],
  ])('keeps an unknown activity of a package the runner has (%s) as not supported', (qname, ns) => {
    const r = refusalOf(`<${qname} />`, `<${qname}`, ns);
    expect(r.message).toBe(`Activity ${qname} (Main.xaml line ${r.line}) is not supported by this agent`);
  });

  it('refuses the Word and mail packages by their UiPath XML namespaces as needing a desktop', () => {
    const word = refusalOf(
      '<w:WordApplicationScope />',
      '<w:WordApplicationScope',
      'xmlns:w="http://schemas.uipath.com/workflow/activities/word"',
    );
    expect(word.message).toBe(desktop('w:WordApplicationScope', word.line));
  });

  it.each(['Send', 'Receive', 'SendReply', 'ReceiveReply', 'TransactedReceiveScope'])('refuses WCF %s', (name) => {
    const ns = 'xmlns:p="http://schemas.microsoft.com/netfx/2009/xaml/servicemodel"';
    const r = refusalOf(`<p:${name} />`, `<p:${name}`, ns);
    expect(r.message).toBe(
      `Activity p:${name} (Main.xaml line ${r.line}) is WCF messaging (System.ServiceModel.Activities), which this agent does not support`,
    );
    const clr = 'xmlns:ssa="clr-namespace:System.ServiceModel.Activities;assembly=System.ServiceModel.Activities"';
    expect(refusalOf(`<ssa:${name} />`, `<ssa:${name}`, clr).message).toContain('is WCF messaging');
  });

  it('still says "not supported" for an unknown activity of WF or UiPath', () => {
    const r = refusalOf('<ui:AddQueueItem QueueType="q" />', '<ui:AddQueueItem');
    expect(r.message).toBe(`Activity ui:AddQueueItem (Main.xaml line ${r.line}) is not supported by this agent`);
  });
});
