import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { isBlank, required, text, type Rule } from './rules';
import {
  demoCompanyNameRules,
  demoFirstNameRules,
  demoLastNameRules,
  demoMessageRules,
  simpleEmailRules,
  validateFields,
  type FieldError,
} from './validation';

/*
 * The demo request's rules: the only ones that check a phone number. They live apart from the
 * other rules, outside the domain's index, so that the phone library (libphonenumber, about
 * 190 kB) is loaded by the demo form and the server only, never by the control room's screens.
 */

/** countryCode is an ISO 3166 alpha-2 code (e.g. "IN"); the phone number is national or international. */
export const isValidPhone = (countryCode: unknown, phone: unknown): boolean => {
  const cc = text(countryCode).toUpperCase();
  const number = text(phone).trim();
  if (!/^[A-Z]{2}$/.test(cc) || number === '') return false;
  try {
    return isValidPhoneNumber(number, cc as CountryCode);
  } catch {
    return false;
  }
};
export const phoneRules: readonly Rule[] = [
  required('phoneRequired'),
  (value, all) => (isBlank(value) || isValidPhone(all?.countryCode, value) ? undefined : 'phoneInvalid'),
];

export type DemoField = 'firstName' | 'lastName' | 'email' | 'countryCode' | 'phoneNumber' | 'companyName' | 'message';
export const demoFormRules: Record<DemoField, readonly Rule[]> = {
  firstName: demoFirstNameRules,
  lastName: demoLastNameRules,
  email: simpleEmailRules,
  countryCode: [required('countryCodeRequired')],
  phoneNumber: phoneRules,
  companyName: demoCompanyNameRules,
  message: demoMessageRules,
};

export const validateDemoRequest = (values: Record<string, unknown>): FieldError[] =>
  validateFields(values, demoFormRules);
