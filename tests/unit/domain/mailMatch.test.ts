import { describe, expect, it } from 'vitest';
import { mailMatches, type MatchableMail } from '../../../src/domain/mailMatch';

const mail: MatchableMail = {
  from: 'Jane Doe <Jane.Doe@Example.com>',
  subject: 'Invoice 2024-117 for ACME',
  body: 'Hello,\r\n\r\nplease   process the attached\ninvoice.\r\nRegards',
};

const rule = (criteria: string, operation: string, value: string) => ({ criteria, operation, value });

describe('mailMatches', () => {
  it('compares the subject with each operation, whatever the case', () => {
    expect(mailMatches(mail, rule('subject', 'contains', 'invoice 2024'))).toBe(true);
    expect(mailMatches(mail, rule('subject', 'contains', 'receipt'))).toBe(false);
    expect(mailMatches(mail, rule('subject', 'equals', 'INVOICE 2024-117 FOR acme'))).toBe(true);
    expect(mailMatches(mail, rule('subject', 'equals', 'Invoice 2024-117'))).toBe(false);
    expect(mailMatches(mail, rule('subject', 'startsWith', 'invoice'))).toBe(true);
    expect(mailMatches(mail, rule('subject', 'startsWith', 'acme'))).toBe(false);
    expect(mailMatches(mail, rule('subject', 'endsWith', 'for acme'))).toBe(true);
    expect(mailMatches(mail, rule('subject', 'endsWith', 'invoice'))).toBe(false);
  });

  it('compares the sender by its address as well as by the whole header', () => {
    expect(mailMatches(mail, rule('from', 'equals', 'jane.doe@example.com'))).toBe(true);
    expect(mailMatches(mail, rule('from', 'endsWith', '@example.com'))).toBe(true);
    expect(mailMatches(mail, rule('from', 'startsWith', 'jane doe'))).toBe(true);
    expect(mailMatches(mail, rule('from', 'contains', 'other.org'))).toBe(false);
    expect(mailMatches({ ...mail, from: 'bob@example.com' }, rule('from', 'equals', 'BOB@example.com'))).toBe(true);
  });

  it('reads the body with its line breaks and runs of spaces as single spaces', () => {
    expect(mailMatches(mail, rule('body', 'contains', 'please process the attached invoice'))).toBe(true);
    expect(mailMatches(mail, rule('body', 'startsWith', 'hello,'))).toBe(true);
    expect(mailMatches(mail, rule('body', 'endsWith', 'regards'))).toBe(true);
    expect(mailMatches(mail, rule('body', 'contains', 'refund'))).toBe(false);
  });

  it('folds letters that only differ by case outside ASCII', () => {
    const german = { ...mail, subject: 'Rechnung für STRASSE 5' };
    expect(mailMatches(german, rule('subject', 'contains', 'straße'))).toBe(true);
    expect(mailMatches({ ...mail, subject: 'ÉTÉ' }, rule('subject', 'equals', 'été'))).toBe(true);
  });

  it('matches nothing with an empty value, an unknown criteria or an unknown operation', () => {
    expect(mailMatches(mail, rule('subject', 'contains', '   '))).toBe(false);
    expect(mailMatches(mail, rule('to', 'contains', 'invoice'))).toBe(false);
    expect(mailMatches(mail, rule('subject', 'regex', 'invoice'))).toBe(false);
  });
});
