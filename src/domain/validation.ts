import type { MessageKey } from './messages';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PARAMETER_JSON_VALUE_MAX,
  PARAMETER_NAME_MAX,
  PARAMETER_VALUE_MAX,
  MAX_RECIPIENTS,
} from './constants';
import { parameterKind, typedValueProblem, VALUE_PROBLEM_FIELD } from './parameterTypes';
import {
  graphemeCount,
  graphemesBetween,
  hasInnerPunctuationOnly,
  isAddressText,
  isDescriptionText,
  isLettersDigitsSpaces,
  isPersonNameText,
} from './text';
import { check, isBlank, noConsecutiveSpaces, required, text, when, whenTrimmed, type Rule } from './rules';

export { check, noConsecutiveSpaces, required, type Rule } from './rules';

// Password
export const PASSWORD_SPECIALS = '#?!@$%^&*-';
export const passwordRules: readonly Rule[] = [
  required('passwordRequired'),
  when((s) => !/\s/.test(s), 'passwordNoSpaces'),
  when((s) => /[A-Z]/.test(s) && /[a-z]/.test(s) && /\d/.test(s) && /[#?!@$%^&*-]/.test(s), 'passwordComplexity'),
  when((s) => s.length >= PASSWORD_MIN, 'passwordMin'),
  when((s) => s.length <= PASSWORD_MAX, 'passwordMax'),
];
export const validatePassword = (value: unknown): MessageKey | undefined => check(value, passwordRules);

export const passwordsMatch = (password: unknown, confirm: unknown): MessageKey | undefined =>
  text(password) === text(confirm) ? undefined : 'passwordsNotMatching';

// E-mail
const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const isEmail = (value: unknown): boolean => EMAIL_PATTERN.test(text(value).trim());
export const emailRules: readonly Rule[] = [required('emailRequired'), when((s) => isEmail(s), 'emailInvalid')];
/** The forgot-password and demo forms use the shorter wording. */
export const simpleEmailRules: readonly Rule[] = [
  required('emailRequired'),
  when((s) => isEmail(s), 'emailInvalidShort'),
];
export const ALLOWED_EMAIL_SUFFIXES = ['edu', 'in', 'com', 'gov', 'org', 'net'] as const;
/** The spec's stricter helper: only a few top-level domains. */
export const hasAllowedEmailSuffix = (value: unknown): boolean => {
  const s = text(value).trim().toLowerCase();
  return isEmail(s) && ALLOWED_EMAIL_SUFFIXES.some((tld) => s.endsWith(`.${tld}`));
};
export const suffixEmailRules: readonly Rule[] = [...emailRules, when((s) => hasAllowedEmailSuffix(s), 'emailInvalid')];

// Names: letters of every script, lengths in characters as a person sees them (graphemes).
const lengthBetween = (min: number, max: number) => (s: string) => graphemesBetween(s, min, max);

/**
 * A person's name: words of letters with single spaces between them; inside a word, a hyphen or
 * an apostrophe (' or ’) may join two letters (Jean-Pierre, O'Brien, N’Diaye).
 */
export const personNameRules: readonly Rule[] = [
  required('personNameRequired'),
  whenTrimmed(isPersonNameText, 'personNameLetters'),
  noConsecutiveSpaces,
  whenTrimmed(hasInnerPunctuationOnly, 'personNamePunctuation'),
  whenTrimmed(lengthBetween(2, 32), 'personNameLength'),
];
export const nameRules: readonly Rule[] = [
  required('nameRequired'),
  whenTrimmed(isLettersDigitsSpaces, 'nameLettersNumbers'),
  noConsecutiveSpaces,
  whenTrimmed((s) => graphemeCount(s) >= 2, 'nameMin'),
  whenTrimmed((s) => graphemesBetween(s, 0, 60), 'nameMax'),
];
export const addressRules: readonly Rule[] = [
  required('addressRequired'),
  whenTrimmed(isAddressText, 'addressChars'),
  noConsecutiveSpaces,
  whenTrimmed(lengthBetween(10, 60), 'addressLength'),
];
export const titleRules: readonly Rule[] = [
  required('titleRequired'),
  whenTrimmed(isLettersDigitsSpaces, 'specialCharacters'),
  noConsecutiveSpaces,
  whenTrimmed(lengthBetween(2, 32), 'titleLength'),
];
export const descriptionRules: readonly Rule[] = [
  whenTrimmed(isDescriptionText, 'specialCharacters'),
  noConsecutiveSpaces,
  whenTrimmed((s) => graphemeCount(s) >= 10, 'descriptionMin'),
];

/** A bot's name: the title rules, with messages that name the field the form shows ("Name"). */
export const botNameRules: readonly Rule[] = [
  required('botNameRequired'),
  whenTrimmed(isLettersDigitsSpaces, 'specialCharacters'),
  noConsecutiveSpaces,
  whenTrimmed(lengthBetween(2, 32), 'botNameLength'),
];

// Demo form: each name field asks for itself when empty; a first or last name is one word.
const demoNameRules = (requiredKey: MessageKey): readonly Rule[] => [
  required(requiredKey),
  whenTrimmed((s) => isPersonNameText(s) && !s.includes(' '), 'personNameLetters'),
  whenTrimmed(hasInnerPunctuationOnly, 'personNamePunctuation'),
  whenTrimmed(lengthBetween(2, 15), 'demoNameLength'),
];
export const demoFirstNameRules = demoNameRules('firstNameRequired');
export const demoLastNameRules = demoNameRules('lastNameRequired');
export const demoCompanyNameRules: readonly Rule[] = [
  required('companyNameRequired'),
  whenTrimmed(isLettersDigitsSpaces, 'nameLettersNumbers'),
  noConsecutiveSpaces,
  whenTrimmed(lengthBetween(2, 50), 'companyNameLength'),
];
export const demoMessageRules: readonly Rule[] = [
  required('messageRequired'),
  when((s) => s.length <= 199, 'messageMax'),
  noConsecutiveSpaces,
];

export interface FieldError {
  field: string;
  key: MessageKey;
}

/** Checks a whole object against a table of rules; answers every failing field, in table order. */
export function validateFields<F extends string>(
  values: Record<string, unknown>,
  table: Record<F, readonly Rule[]>,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of Object.keys(table) as F[]) {
    const key = check(values[field], table[field], values);
    if (key) errors.push({ field, key });
  }
  return errors;
}

/** Reset form: the old password is needed only when logged in and not on first login. */
export function validatePasswordChange(
  values: { oldPassword?: unknown; newPassword?: unknown; confirmNewPassword?: unknown },
  options: { requireOld: boolean },
): FieldError[] {
  const errors: FieldError[] = [];
  if (options.requireOld && isBlank(values.oldPassword))
    errors.push({ field: 'oldPassword', key: 'oldPasswordRequired' });
  const pw = validatePassword(values.newPassword);
  if (pw) errors.push({ field: 'newPassword', key: pw });
  const confirm = isBlank(values.confirmNewPassword)
    ? 'passwordRequired'
    : passwordsMatch(values.newPassword, values.confirmNewPassword);
  if (confirm) errors.push({ field: 'confirmNewPassword', key: confirm });
  return errors;
}

// Bot parameters, integers, recipients
export const parameterNameRules: readonly Rule[] = [
  required('fieldRequired'),
  when((s) => s.length <= PARAMETER_NAME_MAX, 'parameterNameMax'),
];
export const parameterValueRules: readonly Rule[] = [
  required('fieldRequired'),
  when((s) => s.length <= PARAMETER_VALUE_MAX, 'parameterValueMax'),
];
export const integerRule: Rule = when((s) => /^-?\d+$/.test(s.trim()), 'integerOnly');
export const startsWithOneRule: Rule = when((s) => s.trim().startsWith('1'), 'startWithOne');
export { INTEGER_PARAMETER_TYPES } from './parameterTypes';

/** What a workflow says of one argument's value: its type, and whether the value must start with 1. */
export interface ParameterValueShape {
  type: string;
  /** Declared by the workflow (an argument annotation or a `@rpa-param` option `startsWith1`). */
  startsWith1?: boolean;
}

/**
 * The rules a parameter's value follows beyond required and length: it fits its type (a whole
 * number, a number, true/false, JSON of the right shape: src/domain/parameterTypes.ts), and
 * starts with 1 where the workflow says so.
 */
export function parameterTypeRules(parameter: ParameterValueShape | undefined): Rule[] {
  const rules: Rule[] = [];
  if (parameter?.type) {
    const type = parameter.type;
    rules.push((value) => {
      const problem = typedValueProblem(type, text(value));
      return problem ? VALUE_PROBLEM_FIELD[problem] : undefined;
    });
  }
  if (parameter?.startsWith1) rules.push(startsWithOneRule);
  return rules;
}

/**
 * The value of a declared argument: required unless the argument may be left empty (it has a
 * default, or only gives a value back); at most 30 characters as every value a person types, a
 * JSON value of a collection-typed argument at most PARAMETER_JSON_VALUE_MAX (a list or a table
 * does not fit in 30).
 */
export function declaredValueRules(parameter: ParameterValueShape & { optional?: boolean }): Rule[] {
  const max = parameterKind(parameter.type).kind === 'json' ? PARAMETER_JSON_VALUE_MAX : PARAMETER_VALUE_MAX;
  return [
    ...(parameter.optional ? [] : [required('fieldRequired')]),
    when((s) => s.length <= max, max === PARAMETER_VALUE_MAX ? 'parameterValueMax' : 'parameterJsonValueMax'),
    ...parameterTypeRules(parameter),
  ];
}
export const recipientsRule: Rule = (value) => {
  const list = Array.isArray(value)
    ? value
    : text(value)
        .split(/[,;\s]+/)
        .filter(Boolean);
  return list.length > MAX_RECIPIENTS ? 'recipientsMax' : undefined;
};
