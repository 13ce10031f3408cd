// What each demo bot's run writes, as the reference agent reports it: its output lines (the
// scripts of demoBots.ts print exactly these), its exit and the Reason the runtime keeps. The
// demo history (demoHistory.ts) is made of these runs.
import { AGENT_MESSAGES } from '../../src/domain/agentProtocol';
import {
  DEMO_AUTOMATED_BOTS,
  DEMO_FAILURE_MESSAGE,
  DEMO_SCRIPT_BOTS,
  DEMO_STOCK_SHORT_MESSAGE,
  DEMO_XAML_BOTS,
} from './demoBots';

export type LogStream = 'stdout' | 'stderr' | 'agent';
export interface RunLine {
  stream: LogStream;
  text: string;
  /** Milliseconds after the run started. */
  afterMs: number;
}
export interface RunOutput {
  parameters: { name: string; value: string }[];
  lines: RunLine[];
  exitCode: number | null;
  /** The failed run's Reason; null for a success. */
  failure: string | null;
  /** How long it ran, in milliseconds. */
  tookMs: number;
}

type Pick = <T>(items: readonly T[]) => T;

const out = (texts: string[], everyMs: number, startMs = everyMs): RunLine[] =>
  texts.map((text, i) => ({ stream: 'stdout', text, afterMs: startMs + i * everyMs }));

const NAMES = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ravi'];
const CURRENCIES = ['INR', 'EUR', 'USD'];
const REGIONS = ['West', 'North', 'South'];
const WAREHOUSES = ['Pune-1', 'Pune-2', 'Nashik'];
const INVOICES: [string, number][] = [
  ['INV-1001', 1250.5],
  ['INV-1002', 310],
  ['INV-1003', 89.99],
  ['INV-1004', 2400],
];

/** A run of the bot named `botName` that starts at `startedAt`; null for a bot it does not know. */
export function demoRun(botName: string, startedAt: Date, pick: Pick): RunOutput | null {
  switch (botName) {
    case DEMO_SCRIPT_BOTS.hello.name: {
      const name = pick(NAMES);
      const times = pick([2, 3, 4, 5]);
      const greetings = Array.from({ length: times }, (_, i) => `Hello, ${name}! (${i + 1} of ${times})`);
      const lines = out([...greetings, `Done: ${times} greetings.`], 500);
      lines[lines.length - 1].afterMs -= 500;
      return {
        parameters: [
          { name: 'in_Name', value: name },
          { name: 'in_Times', value: String(times) },
        ],
        lines,
        exitCode: 0,
        failure: null,
        tookMs: times * 500 + 120,
      };
    }
    case DEMO_SCRIPT_BOTS.totals.name: {
      const currency = pick(CURRENCIES);
      const total = INVOICES.reduce((sum, [, amount]) => sum + amount, 0);
      const texts = INVOICES.map(([n, amount]) => `${n}: ${amount.toFixed(2)} ${currency}`);
      const lines = out([...texts, `Total of 4 invoices: ${total.toFixed(2)} ${currency}`], 400);
      lines[lines.length - 1].afterMs -= 400;
      return {
        parameters: [{ name: 'in_Currency', value: currency }],
        lines,
        exitCode: 0,
        failure: null,
        tookMs: 1700,
      };
    }
    case DEMO_SCRIPT_BOTS.failing.name:
      return {
        parameters: [{ name: 'in_Portal', value: 'https://suppliers.example' }],
        lines: [
          { stream: 'stdout', text: 'Connecting to https://suppliers.example ...', afterMs: 60 },
          { stream: 'stderr', text: DEMO_FAILURE_MESSAGE, afterMs: 1060 },
        ],
        exitCode: 2,
        failure: AGENT_MESSAGES.failedSaying(AGENT_MESSAGES.exited(2), DEMO_FAILURE_MESSAGE),
        tookMs: 1100,
      };
    case DEMO_AUTOMATED_BOTS.report.name: {
      const region = pick(REGIONS);
      const steps = ['Reading orders', 'Reading returns', 'Computing totals', 'Writing report'];
      const lines = out(
        [...steps.map((s) => `${s} for ${region} ...`), `Report for ${region} written: 128 orders, 3 returns.`],
        700,
      );
      lines[lines.length - 1].afterMs -= 700;
      return { parameters: [{ name: 'in_Region', value: region }], lines, exitCode: 0, failure: null, tookMs: 2900 };
    }
    case DEMO_AUTOMATED_BOTS.stock.name: {
      const warehouse = pick(WAREHOUSES);
      // As the script decides: short on a minute that is a multiple of 3.
      const short = startedAt.getMinutes() % 3 === 0;
      const lines: RunLine[] = [{ stream: 'stdout', text: `Checking stock in ${warehouse} ...`, afterMs: 50 }];
      lines.push(...out(['SKU-1001: in stock', 'SKU-1017: in stock'], 600));
      if (short) lines.push({ stream: 'stderr', text: DEMO_STOCK_SHORT_MESSAGE, afterMs: 1800 });
      else lines.push(...out(['SKU-1042: in stock', 'All 3 items in stock.'], 0, 1800));
      return {
        parameters: [{ name: 'in_Warehouse', value: warehouse }],
        lines,
        exitCode: short ? 1 : 0,
        failure: short ? AGENT_MESSAGES.failedSaying(AGENT_MESSAGES.exited(1), DEMO_STOCK_SHORT_MESSAGE) : null,
        tookMs: 1850,
      };
    }
    default:
      // A XAML workflow: the demo's are an empty sequence, which runs at once and writes nothing.
      if (!DEMO_XAML_BOTS.some((b) => b.name === botName)) return null;
      return {
        parameters: [{ name: 'in_Folder', value: '/invoices' }],
        lines: [],
        exitCode: 0,
        failure: null,
        tookMs: 40,
      };
  }
}
