import { describe, expect, it } from 'vitest';
import { rowsFor } from '../../../src/custom/schedule/ScheduleParameters';
import { hasErrors } from '../../../src/resources/bots/ParameterEditor';

const bot = {
  id: 'b-1',
  name: 'Invoices',
  parameters: [
    { name: 'in_initialMailContent', direction: 'In', type: 'String' },
    { name: 'in_Greeting', direction: 'In', type: 'String', default: 'Hello' },
    { name: 'in_RetryCount', direction: 'In', type: 'Int32', default: '[3 + 0]' },
    { name: 'out_Summary', direction: 'Out', type: 'String' },
  ],
};

describe("a plan's parameter rows", () => {
  it('a new plan starts with the literal defaults; an expression default and Out arguments are left to the workflow', () => {
    const rows = rowsFor(bot);
    expect(rows.map((r) => [r.name, r.value, r.optional, r.whenEmpty])).toEqual([
      ['in_initialMailContent', '', true, { kind: 'typeDefault', value: 'Nothing' }],
      ['in_Greeting', 'Hello', true, { kind: 'default', value: 'Hello' }],
      ['in_RetryCount', '', true, { kind: 'default', value: '[3 + 0]' }],
    ]);
    // Every argument may be left empty, as Orchestrator starts a job; the long name is the workflow's own.
    expect(hasErrors(rows)).toBe(false);
    expect(hasErrors(rows.map((r) => ({ ...r, value: '' })))).toBe(false);
  });

  it("a script's parameters left empty are not passed to it, whatever the server's answer lacks", () => {
    const script = { id: 'b-2', name: 'Report', fileName: 'report.PY', parameters: [bot.parameters[0]] };
    expect(rowsFor(script).map((r) => [r.name, r.optional, r.whenEmpty])).toEqual([
      ['in_initialMailContent', true, { kind: 'notPassed' }],
    ]);
  });

  it("the server's description of an argument is the one shown", () => {
    const described = {
      ...bot,
      parameters: [
        { name: 'in_Path', direction: 'In', type: 'String', optional: true, whenEmpty: { kind: 'notPassed' } },
      ],
    };
    expect(rowsFor(described).map((r) => r.whenEmpty)).toEqual([{ kind: 'notPassed' }]);
  });

  it("a reschedule shows the plan's own values: an argument the plan left empty stays empty", () => {
    const rows = rowsFor(bot, [
      { name: 'in_initialMailContent', value: 'Hi' },
      { name: 'in_RetryCount', value: '5' },
    ]);
    expect(rows.map((r) => [r.name, r.value])).toEqual([
      ['in_initialMailContent', 'Hi'],
      ['in_Greeting', ''],
      ['in_RetryCount', '5'],
    ]);
  });
});
