// The demo companies' bots: two XAML workflows, which the reference agent runs with its XAML
// runner, and script bots a newcomer can run on it at once: two that succeed in a few seconds
// and one that fails with a clear message. They are .js files, run by the agent's own Node.js,
// so they need nothing else installed.
import { BOT_TYPE } from '../../src/domain/status';

export interface DemoBot {
  name: string;
  description: string;
  type: number;
  fileName: string;
  text: string;
}

/** A small workflow as the studio writes it: two arguments, one sequence. */
const workflow = (title: string): string => `<?xml version="1.0" encoding="utf-8"?>
<Activity x:Class="${title.replace(/\W/g, '')}" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property Name="in_Folder" Type="InArgument(x:String)" />
    <x:Property Name="out_Processed" Type="OutArgument(x:Int32)" />
  </x:Members>
  <Sequence DisplayName="${title}" />
</Activity>
`;

/** What a XAML demo bot's description adds: what it is, and that it does nothing yet. */
export const NEEDS_WORKFLOW_AGENT =
  'XAML workflow (an empty sequence in the demo): the reference agent runs it with its XAML runner.';

export const DEMO_XAML_BOTS: readonly DemoBot[] = [
  {
    name: 'Invoice Reader',
    description: `Reads supplier invoices from the shared folder. ${NEEDS_WORKFLOW_AGENT}`,
    type: BOT_TYPE.manual,
    fileName: 'InvoiceReader.xaml',
    text: workflow('Invoice Reader'),
  },
  {
    name: 'Payroll Export',
    description: `Exports the monthly payroll to the bank portal. ${NEEDS_WORKFLOW_AGENT}`,
    type: BOT_TYPE.automated,
    fileName: 'PayrollExport.xaml',
    text: workflow('Payroll Export'),
  },
];

/** What the failing demo bot writes to its error output before it exits with code 2. */
export const DEMO_FAILURE_MESSAGE =
  'Cannot sign in to the supplier portal: this demo bot always fails, to show what a failed run looks like.';

export const DEMO_SCRIPT_BOTS = {
  hello: {
    name: 'Hello World',
    description: 'Script bot: greets in_Name in_Times times, half a second apart, and succeeds. Runs on any agent.',
    type: BOT_TYPE.manual,
    fileName: 'hello.js',
    text: `// @rpa-param in_Name String
// @rpa-param in_Times Int32
// A demo script bot: the agent gives each parameter as RPA_PARAM_<NAME>.
const name = process.env.RPA_PARAM_IN_NAME || 'world';
const asked = Number.parseInt(process.env.RPA_PARAM_IN_TIMES || '', 10);
const times = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), 10) : 3;
let said = 0;
const timer = setInterval(() => {
  said += 1;
  console.log('Hello, ' + name + '! (' + said + ' of ' + times + ')');
  if (said < times) return;
  clearInterval(timer);
  console.log('Done: ' + times + ' greetings.');
}, 500);
`,
  },
  totals: {
    name: 'Invoice Totals',
    description: 'Script bot: adds up four sample invoices in in_Currency and succeeds. Runs on any agent.',
    type: BOT_TYPE.manual,
    fileName: 'invoiceTotals.js',
    text: `// @rpa-param in_Currency String
// A demo script bot: reads four sample invoices, one every 400 ms, and prints their total.
const currency = process.env.RPA_PARAM_IN_CURRENCY || 'EUR';
const invoices = [['INV-1001', 1250.5], ['INV-1002', 310], ['INV-1003', 89.99], ['INV-1004', 2400]];
let index = 0;
let total = 0;
const timer = setInterval(() => {
  const [number, amount] = invoices[index];
  total += amount;
  index += 1;
  console.log(number + ': ' + amount.toFixed(2) + ' ' + currency);
  if (index < invoices.length) return;
  clearInterval(timer);
  console.log('Total of ' + invoices.length + ' invoices: ' + total.toFixed(2) + ' ' + currency);
}, 400);
`,
  },
  failing: {
    name: 'Supplier Sync',
    description: 'Script bot that always fails with a clear message, to show what a failed run looks like.',
    type: BOT_TYPE.manual,
    fileName: 'supplierSync.js',
    text: `// @rpa-param in_Portal String
// A demo script bot that fails on purpose: its error output says why, and it exits with code 2.
const portal = process.env.RPA_PARAM_IN_PORTAL || 'https://suppliers.example';
console.log('Connecting to ' + portal + ' ...');
setTimeout(() => {
  console.error(${JSON.stringify(DEMO_FAILURE_MESSAGE)});
  process.exit(2);
}, 1000);
`,
  },
} as const satisfies Record<string, DemoBot>;

/** What Stock Check writes to its error output on the runs that find an item short. */
export const DEMO_STOCK_SHORT_MESSAGE =
  'Stock of SKU-1042 (Thermal labels) is below its threshold: 12 left, 50 needed.';

/**
 * Automated script bots, for the demo schedules (a schedule runs Automated bots only). Daily
 * Report succeeds; Stock Check fails on one run in three (when the minute it starts at is a
 * multiple of 3), so a schedule's history shows both outcomes.
 */
export const DEMO_AUTOMATED_BOTS = {
  report: {
    name: 'Daily Report',
    description: 'Script bot: builds the daily sales report for in_Region in about three seconds and succeeds.',
    type: BOT_TYPE.automated,
    fileName: 'dailyReport.js',
    text: `// @rpa-param in_Region String
// A demo script bot: four steps, 700 ms apart, then the report's summary.
const region = process.env.RPA_PARAM_IN_REGION || 'West';
const steps = ['Reading orders', 'Reading returns', 'Computing totals', 'Writing report'];
let index = 0;
const timer = setInterval(() => {
  console.log(steps[index] + ' for ' + region + ' ...');
  index += 1;
  if (index < steps.length) return;
  clearInterval(timer);
  console.log('Report for ' + region + ' written: 128 orders, 3 returns.');
}, 700);
`,
  },
  stock: {
    name: 'Stock Check',
    description: 'Script bot: checks the stock of in_Warehouse; fails on one run in three, to show a failing schedule.',
    type: BOT_TYPE.automated,
    fileName: 'stockCheck.js',
    text: `// @rpa-param in_Warehouse String
// A demo script bot: checks three items, 600 ms apart; the runs that start on a minute that is a
// multiple of 3 find one short and fail with exit code 1.
const warehouse = process.env.RPA_PARAM_IN_WAREHOUSE || 'Pune-1';
const short = new Date().getMinutes() % 3 === 0;
const items = ['SKU-1001', 'SKU-1017', 'SKU-1042'];
let index = 0;
console.log('Checking stock in ' + warehouse + ' ...');
const timer = setInterval(() => {
  const item = items[index];
  index += 1;
  if (short && item === 'SKU-1042') {
    clearInterval(timer);
    console.error(${JSON.stringify(DEMO_STOCK_SHORT_MESSAGE)});
    process.exit(1);
  }
  console.log(item + ': in stock');
  if (index < items.length) return;
  clearInterval(timer);
  console.log('All ' + items.length + ' items in stock.');
}, 600);
`,
  },
} as const satisfies Record<string, DemoBot>;

/** Every bot each demo company gets. */
export const DEMO_BOTS: readonly DemoBot[] = [
  ...DEMO_XAML_BOTS,
  ...Object.values(DEMO_SCRIPT_BOTS),
  ...Object.values(DEMO_AUTOMATED_BOTS),
];
