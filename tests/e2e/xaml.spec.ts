import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { licensedCompany } from './support/licensed';
import { authHeaders, storedToken } from './support/people';
import { agentProgram, AgentRun, liveJoined } from './support/runtime';

// A workflow as Studio saves it: an In argument with a default on the root, one set in Run, an Out argument.
const WORKFLOW = `<Activity mc:Ignorable="sap sap2010" x:Class="Main" this:Main.in_Greeting="Hello"
 xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities"
 xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"
 xmlns:sap="http://schemas.microsoft.com/netfx/2009/xaml/activities/presentation"
 xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation"
 xmlns:this="clr-namespace:"
 xmlns:ui="http://schemas.uipath.com/workflow/activities"
 xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property Name="in_Customer" Type="InArgument(x:String)" />
    <x:Property Name="in_Greeting" Type="InArgument(x:String)" />
    <x:Property Name="out_Receipt" Type="OutArgument(x:String)" />
  </x:Members>
  <sap:VirtualizedContainerService.HintSize>400,300</sap:VirtualizedContainerService.HintSize>
  <Sequence DisplayName="Main Sequence" sap2010:WorkflowViewState.IdRef="Sequence_1">
    <WriteLine DisplayName="Greet" Text="[in_Greeting + &quot;, &quot; + in_Customer + &quot;!&quot;]" />
    <ui:LogMessage DisplayName="Measure" Level="Warn" Message="[&quot;The name has &quot; + in_Customer.Length.ToString + &quot; letters&quot;]" />
    <Assign DisplayName="Receipt">
      <Assign.To><OutArgument x:TypeArguments="x:String">[out_Receipt]</OutArgument></Assign.To>
      <Assign.Value><InArgument x:TypeArguments="x:String">[in_Customer.ToUpper + " served"]</InArgument></Assign.Value>
    </Assign>
  </Sequence>
</Activity>`;

const BOT = 'Greeting Workflow';
let agent: AgentRun;

test.beforeAll(() => {
  agent = new AgentRun();
});

test.afterAll(async () => {
  await agent.cleanUp([]);
});

const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true }).click();

test('a XAML workflow uploaded in the browser runs on the reference agent with its arguments', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(120_000);
  const live = liveJoined(page);
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));
  const company = await test.step('setup: a licensed company and its agent', async () => {
    const made = await licensedCompany(request, headers, { prefix: 'Workflow', dir: agent.dir });
    await live;
    agent.start(agentProgram(), made.registration);
    await expect(page.getByText(/^Agent .+ Connected$/)).toBeVisible({ timeout: 30_000 });
    return made;
  });

  await test.step('Create Bots: the .xaml file, its arguments read at upload', async () => {
    await sidebar(page, 'Create Bots');
    const input = page.getByRole('combobox', { name: 'Company' });
    await input.click();
    await input.fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(BOT);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Greets a customer and hands back a receipt');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Main.xaml', mimeType: 'application/xaml+xml', buffer: Buffer.from(WORKFLOW) });
    await expect(page.getByRole('cell', { name: 'in_Customer' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'out_Receipt' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Bot created successfully!')).toBeVisible();
  });

  await test.step('Run: the default is prefilled, the In argument set, the run opened from its pop-up', async () => {
    await sidebar(page, 'View Bots');
    await page.getByRole('row').filter({ hasText: BOT }).getByRole('button', { name: 'Run' }).click();
    const dialog = page.getByRole('dialog', { name: `Run ${BOT}` });
    await expect(dialog.getByLabel('in_Greeting', { exact: true })).toHaveValue('Hello');
    await dialog.getByLabel('in_Customer', { exact: true }).fill('Acme');
    await dialog.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: /^E2E Runner/ }).click();
    await dialog.getByRole('button', { name: 'Run' }).click();
    const added = page.getByRole('alert').filter({ hasText: /Added successfully/ });
    await added.getByRole('button', { name: 'Open' }).click();
  });

  await test.step('the details: Completed Successfully, the workflow’s lines live, the Out argument', async () => {
    await expect(page.getByText('Completed Successfully').first()).toBeVisible({ timeout: 30_000 });
    const log = page.getByRole('log', { name: 'Logs' });
    await expect(log.getByText('Hello, Acme!')).toBeVisible();
    await expect(log.getByText('The name has 4 letters')).toBeVisible();
    await expect(page.getByText('out_Receipt')).toBeVisible();
    await expect(page.getByText('ACME served')).toBeVisible();
  });
});
