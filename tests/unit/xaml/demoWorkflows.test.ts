// @vitest-environment node
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEMO_XAML_BOTS } from '../../../server/db/demoBots';
import { demoRun } from '../../../server/db/demoRuns';
import { projectOf, runProject } from './corpusProject';

/**
 * The demo companies' XAML bots run to success on the reference agent's runner, and print what
 * the demo history shows of their runs: Info lines on stdout, Warn lines on stderr.
 */
describe('demo XAML workflows', () => {
  it.each(DEMO_XAML_BOTS.map((bot) => [bot.name, bot] as const))('%s runs to success', async (_, bot) => {
    const run = demoRun(bot.name, new Date(2024, 4, 2, 9, 1), (items) => items[items.length - 1]);
    if (run === null) throw new Error(`no demo run for ${bot.name}`);
    const args = Object.fromEntries(run.parameters.map((p) => [p.name, p.value]));
    const outcome = await runProject(projectOf(new Map([[bot.fileName, strToU8(bot.text)]]), bot.fileName), args);
    expect(outcome).toEqual({
      status: 'ok',
      log: run.lines.map((l) => `${l.stream === 'stderr' ? 'Warn' : 'Info'}: ${l.text}`),
      out: { out_Processed: '3' },
    });
  });
});
