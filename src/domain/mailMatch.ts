/**
 * Whether a received mail matches an e-mail automation's criteria. Pure: the server's watcher
 * and any screen that previews a rule use the same comparison.
 */

export const MAIL_MATCH_OPERATIONS = ['contains', 'equals', 'startsWith', 'endsWith'] as const;
export type MailMatchOperation = (typeof MAIL_MATCH_OPERATIONS)[number];

export const MAIL_MATCH_CRITERIA = ['from', 'subject', 'body'] as const;
export type MailMatchCriteria = (typeof MAIL_MATCH_CRITERIA)[number];

/** The parts of a mail a rule looks at. `from` is the sender's address, optionally with a display name. */
export interface MatchableMail {
  from: string;
  subject: string;
  body: string;
}

export interface MailRule {
  criteria: string;
  operation: string;
  value: string;
}

/**
 * Case and Unicode width do not matter to a person writing a rule ("Invoice" finds "INVOICE",
 * "ß" finds "SS"), and neither do runs of white space or line breaks in a body: both sides are
 * compared folded, trimmed and with white space collapsed.
 */
export function foldForMatch(text: string): string {
  return text.normalize('NFKC').toLocaleUpperCase('en').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/**
 * The sender as a rule compares it: "Name <a@b.c>" matches on the address as well as on the
 * whole header, so "equals a@b.c" finds a mail whose From carries a display name.
 */
function senderForms(from: string): string[] {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1];
  return address ? [from, address] : [from];
}

function compare(operation: string, text: string, value: string): boolean {
  switch (operation) {
    case 'contains':
      return text.includes(value);
    case 'equals':
      return text === value;
    case 'startsWith':
      return text.startsWith(value);
    case 'endsWith':
      return text.endsWith(value);
    default:
      return false;
  }
}

/**
 * A rule with an empty value, an unknown criteria or an unknown operation matches nothing: a
 * rule saved wrong must not run its bot for every mail.
 */
export function mailMatches(mail: MatchableMail, rule: MailRule): boolean {
  const value = foldForMatch(rule.value);
  if (value === '') return false;
  const texts =
    rule.criteria === 'from'
      ? senderForms(mail.from)
      : rule.criteria === 'subject'
        ? [mail.subject]
        : rule.criteria === 'body'
          ? [mail.body]
          : [];
  return texts.some((text) => compare(rule.operation, foldForMatch(text), value));
}
