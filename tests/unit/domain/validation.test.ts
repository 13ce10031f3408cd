import { describe, expect, it } from 'vitest';
import {
  addressRules,
  check,
  descriptionRules,
  emailRules,
  hasAllowedEmailSuffix,
  integerRule,
  INTEGER_PARAMETER_TYPES,
  messages,
  nameRules,
  parameterNameRules,
  parameterTypeRules,
  parameterValueRules,
  passwordRules,
  personNameRules,
  recipientsRule,
  simpleEmailRules,
  startsWithOneRule,
  suffixEmailRules,
  titleRules,
  botNameRules,
  validatePasswordChange,
  type Rule,
} from '../../../src/domain';
import { isValidPhone, validateDemoRequest } from '../../../src/domain/demoValidation';

const msg = (value: unknown, rules: readonly Rule[], all?: Record<string, unknown>) => {
  const key = check(value, rules, all);
  return key ? messages[key] : undefined;
};

describe('password rule', () => {
  it.each([
    ['', 'Please enter your password!'],
    ['Abc 1234#', "Spaces aren't allowed"],
    ['abcdefg1#', 'At least one uppercase, one lowercase, one digit, one special characters'],
    ['ABCDEFG1#', 'At least one uppercase, one lowercase, one digit, one special characters'],
    ['Abcdefgh#', 'At least one uppercase, one lowercase, one digit, one special characters'],
    ['Abcdefg12', 'At least one uppercase, one lowercase, one digit, one special characters'],
    ['Ab1#', 'At least minimum 8 characters'],
    ['Abcdefgh123#x', 'At most 12 characters'],
  ])('%j → %s', (value, expected) => {
    expect(msg(value, passwordRules)).toBe(expected);
  });

  it.each(['Admin@123', 'Pass#word12', 'aB3-aB3-', 'Zz9?Zz9?Zz9?'])('accepts %j', (value) => {
    expect(check(value, passwordRules)).toBeUndefined();
  });

  it('accepts each special character of the spec set', () => {
    for (const special of '#?!@$%^&*-') expect(check(`Abcdef1${special}`, passwordRules)).toBeUndefined();
  });
});

describe('password change', () => {
  it('needs the old password only when asked to', () => {
    const values = { newPassword: 'Admin@123', confirmNewPassword: 'Admin@123' };
    expect(validatePasswordChange(values, { requireOld: false })).toEqual([]);
    expect(validatePasswordChange(values, { requireOld: true })).toEqual([
      { field: 'oldPassword', key: 'oldPasswordRequired' },
    ]);
  });

  it('reports mismatching confirmation', () => {
    const errors = validatePasswordChange(
      { newPassword: 'Admin@123', confirmNewPassword: 'Admin@124' },
      { requireOld: false },
    );
    expect(errors.map((e) => messages[e.key])).toEqual(["Passwords aren't matching!"]);
  });

  it('reports a weak new password and a missing confirmation', () => {
    const errors = validatePasswordChange({ newPassword: 'short', confirmNewPassword: '' }, { requireOld: false });
    expect(errors).toEqual([
      { field: 'newPassword', key: 'passwordComplexity' },
      { field: 'confirmNewPassword', key: 'passwordRequired' },
    ]);
  });
});

describe('e-mail rules', () => {
  it('requires and validates', () => {
    expect(msg('', emailRules)).toBe('Please input Email!');
    expect(msg('not-an-email', emailRules)).toBe('Please enter valid email address!');
    expect(msg('a@b', emailRules)).toBe('Please enter valid email address!');
    expect(msg('jane.doe@example.co.uk', emailRules)).toBeUndefined();
  });

  it('uses the short wording on the forgot-password and demo forms', () => {
    expect(msg('nope', simpleEmailRules)).toBe('Please input valid email!');
  });

  it('domain-suffix helper accepts only edu, in, com, gov, org, net', () => {
    for (const tld of ['edu', 'in', 'com', 'gov', 'org', 'net']) expect(hasAllowedEmailSuffix(`a@b.${tld}`)).toBe(true);
    expect(hasAllowedEmailSuffix('a@b.io')).toBe(false);
    expect(msg('a@b.io', suffixEmailRules)).toBe('Please enter valid email address!');
  });
});

describe('names, address, title, description', () => {
  it('person name: letters and spaces, 2 to 32', () => {
    expect(msg('', personNameRules)).toBe('Please enter full name!');
    expect(msg('J0hn', personNameRules)).toBe('Name can only include letters!');
    expect(msg('Jo  Doe', personNameRules)).toBe('More than one consecutive space is not allowed!');
    expect(msg('J', personNameRules)).toBe('Name must be in range 2-32!');
    expect(msg('A'.repeat(33), personNameRules)).toBe('Name must be in range 2-32!');
    expect(msg('Jane Doe', personNameRules)).toBeUndefined();
  });

  it('company and general name: letters, digits, spaces, 2 to 60', () => {
    expect(msg('Acme!', nameRules)).toBe('Name can only include letters and numbers!');
    expect(msg('A', nameRules)).toBe('Name must be at least 2 characters!');
    expect(msg('A'.repeat(61), nameRules)).toBe('Name must be upto 60 characters!');
    expect(msg('Acme  Corp', nameRules)).toBe('More than one consecutive space is not allowed!');
    expect(msg('Acme Corp 42', nameRules)).toBeUndefined();
  });

  it("address: letters, digits, spaces and , # _ / ' -, 10 to 60", () => {
    expect(msg('12 Main St.', addressRules)).toBe("Address can only include letters, numbers, spaces and , # _ / ' -");
    expect(msg('Short', addressRules)).toBe('Address must be in range 10-60!');
    expect(msg('x'.repeat(61), addressRules)).toBe('Address must be in range 10-60!');
    expect(msg('#12, Main Street_3/B', addressRules)).toBeUndefined();
  });

  it("a bot's name: the title rules, in words that name the Name field", () => {
    expect(msg('', botNameRules)).toBe('Please input Name!');
    expect(msg('T', botNameRules)).toBe('Name must be in range of 2-32');
    expect(msg('N'.repeat(33), botNameRules)).toBe('Name must be in range of 2-32');
    expect(msg('Nightly $ run', botNameRules)).toBe('Special characters are not allowed!');
    expect(msg('Nightly  run', botNameRules)).toBe('More than one consecutive space is not allowed!');
    expect(msg('Nightly run 2', botNameRules)).toBeUndefined();
  });

  it('title: 2 to 32, no special characters', () => {
    expect(msg('T', titleRules)).toBe('Title must be in range of 2-32');
    expect(msg('Nightly $ run', titleRules)).toBe('Special characters are not allowed!');
    expect(msg('Nightly run 2', titleRules)).toBeUndefined();
  });

  it('description: at least 10 characters, limited set', () => {
    expect(msg('too short', descriptionRules)).toBe('Description must be at least 10 characters!');
    expect(msg('Invoices <script>', descriptionRules)).toBe('Special characters are not allowed!');
    expect(msg('Reads invoices, files them.', descriptionRules)).toBeUndefined();
  });
});

describe('demo form', () => {
  const valid = {
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    countryCode: 'IN',
    phoneNumber: '9876543210',
    companyName: 'Acme Robotics',
    message: 'We would like a demo.',
  };
  const first = (patch: Record<string, unknown>) => {
    const errors = validateDemoRequest({ ...valid, ...patch });
    return errors.length ? { field: errors[0].field, text: messages[errors[0].key] } : undefined;
  };

  it('accepts a valid request', () => expect(validateDemoRequest(valid)).toEqual([]));
  it.each([
    [{ firstName: '' }, 'firstName', 'Please enter first name!'],
    [{ lastName: '' }, 'lastName', 'Please enter last name!'],
    [{ firstName: 'J4ne' }, 'firstName', 'Name can only include letters!'],
    [{ lastName: 'D' }, 'lastName', 'Name must be in range 2-15!'],
    [{ lastName: 'D'.repeat(16) }, 'lastName', 'Name must be in range 2-15!'],
    [{ email: '' }, 'email', 'Please input Email!'],
    [{ email: 'jane@' }, 'email', 'Please input valid email!'],
    [{ countryCode: '' }, 'countryCode', 'Please input Country Code!'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Please input your phone number!'],
    [{ phoneNumber: '12345' }, 'phoneNumber', 'Please enter a valid phone number!'],
    [{ companyName: '' }, 'companyName', 'Please input Company Name!'],
    [{ companyName: 'Acme & Co' }, 'companyName', 'Name can only include letters and numbers!'],
    [{ companyName: 'Acme  Co' }, 'companyName', 'More than one consecutive space is not allowed!'],
    [{ companyName: 'A' }, 'companyName', 'Company name must be in range 2-50!'],
    [{ message: '' }, 'message', 'Please input Message!'],
    [{ message: 'x'.repeat(200) }, 'message', 'Message limit is of 200 letters!'],
    [{ message: 'two  spaces' }, 'message', 'More than one consecutive space is not allowed!'],
  ])('%j → %s: %s', (patch, field, text) => {
    expect(first(patch)).toEqual({ field, text });
  });

  it('checks the phone number against the chosen country', () => {
    expect(isValidPhone('IN', '9876543210')).toBe(true);
    expect(isValidPhone('US', '9876543210')).toBe(false);
    expect(isValidPhone('US', '+1 212 555 0123')).toBe(true);
    expect(isValidPhone('', '9876543210')).toBe(false);
    expect(isValidPhone('ZZ', '9876543210')).toBe(false);
  });
});

describe('bot parameters, integers, recipients', () => {
  it('parameter names up to 15, values up to 30, both required', () => {
    expect(msg('', parameterNameRules)).toBe('This field is required!');
    expect(msg('n'.repeat(16), parameterNameRules)).toBe('Parameter name can be at most 15 characters!');
    expect(msg('v'.repeat(31), parameterValueRules)).toBe('Parameter value can be at most 30 characters!');
    expect(msg('v'.repeat(30), parameterValueRules)).toBeUndefined();
  });

  it('integers and values that must start with 1', () => {
    expect(msg('1.5', [integerRule])).toBe('Only integer numbers are accepted!');
    expect(msg('15', [integerRule])).toBeUndefined();
    expect(msg('25', [startsWithOneRule])).toBe('Value must start with 1!');
    expect(msg('15', [startsWithOneRule])).toBeUndefined();
  });

  it("a parameter's own rules: integer-typed, and must start with 1 where the workflow says so", () => {
    expect(msg('abc', parameterTypeRules({ type: 'Int32' }))).toBe('Only integer numbers are accepted!');
    expect(msg('abc', parameterTypeRules({ type: 'String' }))).toBeUndefined();
    expect(msg('2045', parameterTypeRules({ type: 'String', startsWith1: true }))).toBe('Value must start with 1!');
    expect(msg('1045', parameterTypeRules({ type: 'Int64', startsWith1: true }))).toBeUndefined();
    expect(msg('x', parameterTypeRules(undefined))).toBeUndefined();
    expect([...INTEGER_PARAMETER_TYPES]).toEqual(expect.arrayContaining(['Int32', 'UInt64', 'Byte', 'int']));
  });

  it('at most 10 recipients', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `r${i}@example.com`);
    expect(msg(ten, [recipientsRule])).toBeUndefined();
    expect(msg([...ten, 'x@example.com'], [recipientsRule])).toBe('Only 10 recipients are allowed!');
    expect(msg([...ten, 'x@example.com'].join(', '), [recipientsRule])).toBe('Only 10 recipients are allowed!');
  });
});
