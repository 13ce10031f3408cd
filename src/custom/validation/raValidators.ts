import type { Validator } from 'react-admin';
import { check, type Rule } from '../../domain';

/**
 * Wraps domain rules as a react-admin validator: the message key becomes `rpa.messages.<key>`,
 * which react-admin translates in the chosen language.
 */
export const raRules =
  (rules: readonly Rule[]): Validator =>
  (value: unknown, allValues: Record<string, unknown>) => {
    const key = check(value, rules, allValues);
    return key ? `rpa.messages.${key}` : undefined;
  };
