/** The pieces every rule set of `validation.ts` is made of. */
import type { MessageKey } from './messages';

/** A rule answers the message key of the first thing wrong with a value, or undefined. */
export type Rule = (value: unknown, all?: Record<string, unknown>) => MessageKey | undefined;

export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
export const isBlank = (value: unknown): boolean => text(value).trim() === '';

/** Runs rules in order and answers the first failure. */
export function check(value: unknown, rules: readonly Rule[], all?: Record<string, unknown>): MessageKey | undefined {
  for (const rule of rules) {
    const result = rule(value, all);
    if (result) return result;
  }
  return undefined;
}

export const required =
  (key: MessageKey): Rule =>
  (value) =>
    isBlank(value) ? key : undefined;

/** Only checks non-empty values: emptiness is `required`'s concern. */
export const when =
  (test: (s: string) => boolean, key: MessageKey): Rule =>
  (value) => {
    const s = text(value);
    return s === '' || test(s) ? undefined : key;
  };

/**
 * `when` on the value without its leading and trailing white space, which the server removes
 * before it stores names, titles, addresses and descriptions: '  Christmas Day ' is judged as
 * 'Christmas Day' by the form and by the server alike. (Passwords keep `when`: a space there counts.)
 */
export const whenTrimmed =
  (test: (s: string) => boolean, key: MessageKey): Rule =>
  (value) => {
    const s = text(value).trim();
    return s === '' || test(s) ? undefined : key;
  };

export const noConsecutiveSpaces: Rule = whenTrimmed((s) => !/ {2}/.test(s), 'consecutiveSpaces');
