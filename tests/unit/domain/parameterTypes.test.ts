import { describe, expect, it } from 'vitest';
import { check, declaredValueRules, fillTemplate, messages, processMessages } from '../../../src/domain';
import { PACKAGE_MESSAGES } from '../../../src/domain/botPackages';
import { serverText } from '../../../i18n/serverText';
import { parameterKind, typedValueProblem } from '../../../src/domain/parameterTypes';

describe("a run's value by its workflow argument's type", () => {
  it('reads the input each type takes, as workflows name types', () => {
    const kinds = [
      'String',
      'Object',
      'Int32',
      'Int64',
      'Double',
      'Decimal',
      'Boolean',
      'String[]',
      'List(String)',
      'IEnumerable(Int32)',
      'Dictionary(String, Object)',
      'DataTable',
      'DateTime',
    ].map((t) => [t, parameterKind(t).kind, parameterKind(t).shape]);
    expect(kinds).toEqual([
      ['String', 'text', undefined],
      ['Object', 'text', undefined],
      ['Int32', 'integer', undefined],
      ['Int64', 'integer', undefined],
      ['Double', 'number', undefined],
      ['Decimal', 'number', undefined],
      ['Boolean', 'boolean', undefined],
      ['String[]', 'json', 'array'],
      ['List(String)', 'json', 'array'],
      ['IEnumerable(Int32)', 'json', 'array'],
      ['Dictionary(String, Object)', 'json', 'object'],
      ['DataTable', 'json', 'table'],
      ['DateTime', 'text', undefined],
    ]);
  });

  it('accepts the values that fit and names what is wrong with the others', () => {
    const cases: [string, string, string | undefined][] = [
      ['Int32', '-42', undefined],
      ['Int32', '4.2', 'integer'],
      ['Double', '-1.5e3', undefined],
      ['Decimal', '.5', undefined],
      ['Double', '1,5', 'number'],
      ['Double', 'NaN', 'number'],
      ['Boolean', 'False', undefined],
      ['Boolean', 'yes', 'boolean'],
      ['String[]', '["a", "b"]', undefined],
      ['List(Int32)', '[1, 2', 'json'],
      ['List(Int32)', '{"a": 1}', 'jsonArray'],
      ['Dictionary(String, Object)', '{"a": [1]}', undefined],
      ['Dictionary(String, Object)', '[]', 'jsonObject'],
      ['Dictionary(String, Object)', 'null', 'jsonObject'],
      ['DataTable', '[]', undefined],
      ['DataTable', '[{"Name": "a", "Qty": 2, "Note": null}]', undefined],
      ['DataTable', '[{"Name": ["a"]}]', 'jsonTable'],
      ['DataTable', '[1, 2]', 'jsonTable'],
      ['String', '{not json', undefined],
      ['Int32', '', undefined],
    ];
    for (const [type, value, problem] of cases)
      expect([type, value, typedValueProblem(type, value)]).toEqual([type, value, problem]);
  });

  it('requires a value only of an argument without a default; a JSON value may be longer than 30 characters', () => {
    const msg = (value: string, p: Parameters<typeof declaredValueRules>[0]) => {
      const key = check(value, declaredValueRules(p));
      return key && messages[key];
    };
    expect(msg('', { type: 'Int32' })).toBe(messages.fieldRequired);
    expect(msg('', { type: 'Int32', optional: true })).toBeUndefined();
    expect(msg('x'.repeat(31), { type: 'String', optional: true })).toBe(messages.parameterValueMax);
    const long = JSON.stringify(Array.from({ length: 20 }, (_, i) => `item ${i}`));
    expect(msg(long, { type: 'List(String)' })).toBeUndefined();
    expect(msg(JSON.stringify('x'.repeat(2001)), { type: 'String[]' })).toBe(messages.parameterJsonValueMax);
    expect(msg('2', { type: 'Int32', startsWith1: true })).toBe(messages.startWithOne);
  });
});

describe("a package's refusals", () => {
  it('are the texts the web app reads back into its catalogues', () => {
    expect(PACKAGE_MESSAGES.notZip).toBe(processMessages.packageNotZip);
    expect(PACKAGE_MESSAGES.badProjectJson).toBe(processMessages.packageBadProjectJson);
    expect(PACKAGE_MESSAGES.noMain).toBe(processMessages.packageNoMain);
    expect(PACKAGE_MESSAGES.mainMissing('lib/net45/Start.xaml')).toBe(
      fillTemplate(processMessages.packageMainMissing, { main: 'lib/net45/Start.xaml' }),
    );
    expect(serverText(PACKAGE_MESSAGES.mainMissing('Flows/Main.xaml'))).toEqual({
      key: 'rpa.processMessages.packageMainMissing',
      args: { main: 'Flows/Main.xaml' },
    });
  });
});
