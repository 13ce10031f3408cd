import { describe, expect, it } from 'vitest';
import {
  addressRules,
  botNameRules,
  check,
  descriptionRules,
  messages,
  nameRules,
  personNameRules,
  titleRules,
  type Rule,
} from '../../../src/domain';
import { validateDemoRequest } from '../../../src/domain/demoValidation';
import { codePointCap, graphemeCount } from '../../../src/domain/text';

const msg = (value: unknown, rules: readonly Rule[]) => {
  const key = check(value, rules);
  return key ? messages[key] : undefined;
};

/** e followed by U+0301 COMBINING ACUTE ACCENT: one letter a person sees, two code points. */
const DECOMPOSED_E = 'e\u0301';

describe('lengths count the characters a person sees', () => {
  it.each([
    ['山田', 2],
    ['Zoe\u0308', 3],
    ['Zoë', 3],
    ['Ελένη', 5],
    [DECOMPOSED_E.repeat(4), 4],
    ['👨‍👩‍👧', 1],
  ])('%j is %i', (value, expected) => expect(graphemeCount(value)).toBe(expected));

  it('the API cap lets through a name of decomposed letters at the rules’ maximum', () => {
    expect(codePointCap(32)).toBeGreaterThanOrEqual(64);
    expect(msg(DECOMPOSED_E.repeat(32), personNameRules)).toBeUndefined();
    // Vietnamese ệ written decomposed: three code points.
    expect(msg('e\u0323\u0302'.repeat(32), personNameRules)).toBeUndefined();
  });

  it('a flood of combining marks counts against the length, as the API schema counts it', () => {
    expect(msg(`Zo${'\u0301'.repeat(200)}e`, personNameRules)).toBe('Name must be in range 2-32!');
    expect(msg(`Acme${'\u0301'.repeat(300)}`, nameRules)).toBe('Name must be upto 60 characters!');
  });

  it('judges a megabyte of text at once (the segmenter is never given all of it)', () => {
    const letters = 'a'.repeat(1_000_000);
    expect(msg(letters, personNameRules)).toBe('Name must be in range 2-32!');
    expect(msg(letters, nameRules)).toBe('Name must be upto 60 characters!');
    expect(msg(letters, addressRules)).toBe('Address must be in range 10-60!');
    expect(msg(letters, descriptionRules)).toBeUndefined();
    expect(msg(`${'\u0301'.repeat(1_000_000)}`, descriptionRules)).toBe('Special characters are not allowed!');
  });
});

describe("a person's name", () => {
  it.each([
    'François Dupré',
    'Zoë',
    'Zoe\u0308',
    'Müller',
    'Łukasz',
    'Núñez',
    '山田',
    'Ελένη',
    'Jean-Pierre',
    "O'Brien",
    'O’Brien',
    'Anne-Marie O’Neil',
    '  Christmas Day ',
    'लक्ष्मी',
  ])('accepts %j', (value) => expect(msg(value, personNameRules)).toBeUndefined());

  it.each([
    ['Jean--Pierre', 'Hyphens and apostrophes are only allowed between letters!'],
    ['-Jean', 'Hyphens and apostrophes are only allowed between letters!'],
    ['Jean-', 'Hyphens and apostrophes are only allowed between letters!'],
    ["O'", 'Hyphens and apostrophes are only allowed between letters!'],
    ["O'-Brien", 'Hyphens and apostrophes are only allowed between letters!'],
    ['Jean - Pierre', 'Hyphens and apostrophes are only allowed between letters!'],
    ['Bob2', 'Name can only include letters!'],
    ['<script>', 'Name can only include letters!'],
    ['😀😀', 'Name can only include letters!'],
    ['Bob 🚀', 'Name can only include letters!'],
    ['\u0301\u0301 Jo', 'Name can only include letters!'],
    ['Ab  C', 'More than one consecutive space is not allowed!'],
    ['  ', 'Please enter full name!'],
    ['J', 'Name must be in range 2-32!'],
    ['山', 'Name must be in range 2-32!'],
    [' J ', 'Name must be in range 2-32!'],
    ['Abcdefghij Abcdefghij Abcdefghijk', 'Name must be in range 2-32!'],
    [DECOMPOSED_E.repeat(33), 'Name must be in range 2-32!'],
  ])('refuses %j: %s', (value, expected) => expect(msg(value, personNameRules)).toBe(expected));

  it('takes exactly 32 characters', () => {
    expect(msg('Abcdefghij Abcdefghij Abcdefghij', personNameRules)).toBeUndefined();
  });
});

describe('company, group, bot and title names', () => {
  it.each([
    'Société Générale',
    'Fête nationale',
    '  Christmas Day ',
    '山田 2',
    'Ελληνική Εταιρεία 24',
    'Zoe\u0308 Labs',
  ])('accepts %j', (value) => {
    expect(msg(value, nameRules)).toBeUndefined();
    expect(msg(value, titleRules)).toBeUndefined();
    expect(msg(value, botNameRules)).toBeUndefined();
  });

  it.each([
    ['<script>', 'Name can only include letters and numbers!'],
    ['🚀🚀', 'Name can only include letters and numbers!'],
    ['Jean-Pierre SA', 'Name can only include letters and numbers!'],
    // Digits are ASCII: Arabic-Indic digits are refused.
    ['Studio ٥٤', 'Name can only include letters and numbers!'],
    ['Ab  C', 'More than one consecutive space is not allowed!'],
    ['É', 'Name must be at least 2 characters!'],
    [`${'é'.repeat(61)}`, 'Name must be upto 60 characters!'],
  ])('a company or group name refuses %j: %s', (value, expected) => expect(msg(value, nameRules)).toBe(expected));

  it('a company or group name takes 60 characters, however many code points they are', () => {
    expect(msg(DECOMPOSED_E.repeat(60), nameRules)).toBeUndefined();
    expect(msg(DECOMPOSED_E.repeat(61), nameRules)).toBe('Name must be upto 60 characters!');
  });

  it.each([
    [botNameRules, 'Fête  nationale', 'More than one consecutive space is not allowed!'],
    [botNameRules, '<script>', 'Special characters are not allowed!'],
    [botNameRules, '山', 'Name must be in range of 2-32'],
    [titleRules, '🎉 party', 'Special characters are not allowed!'],
    [titleRules, 'ü'.repeat(33), 'Title must be in range of 2-32'],
  ])('bot names and titles: %#', (rules, value, expected) => expect(msg(value, rules)).toBe(expected));
});

describe('addresses and descriptions', () => {
  it.each([
    'Rue de l’Église 12',
    "12 Rue de l'Église",
    '12-14 Rue Saint-Honoré, Paris',
    '  東京都千代田区丸の内1丁目 ',
  ])('an address accepts %j', (value) => expect(msg(value, addressRules)).toBeUndefined());

  it.each([
    ['Rue <b>12</b>', "Address can only include letters, numbers, spaces and , # _ / ' -"],
    ['  Rue 1   ', 'Address must be in range 10-60!'],
  ])('an address refuses %j: %s', (value, expected) => expect(msg(value, addressRules)).toBe(expected));

  it('a description takes letters of every script and both apostrophes', () => {
    expect(msg('Envoie les factures à l’équipe comptable.', descriptionRules)).toBeUndefined();
    expect(msg('  Rapport quotidien de l’équipe ', descriptionRules)).toBeUndefined();
    expect(msg('Envoie <script>', descriptionRules)).toBe('Special characters are not allowed!');
  });
});

describe('the demo form names', () => {
  const valid = {
    firstName: 'François',
    lastName: 'N’Diaye',
    email: 'francois@example.com',
    countryCode: 'FR',
    phoneNumber: '+33 1 42 68 53 00',
    companyName: 'Société Générale',
    message: 'Nous aimerions une démonstration.',
  };
  const first = (patch: Record<string, unknown>) => {
    const errors = validateDemoRequest({ ...valid, ...patch });
    return errors.length ? { field: errors[0].field, text: messages[errors[0].key] } : undefined;
  };

  it('accepts letters of every script, inner hyphens and apostrophes, spaces around', () => {
    expect(first({})).toBeUndefined();
    expect(first({ firstName: 'Jean-Pierre', lastName: "O'Brien" })).toBeUndefined();
    expect(first({ firstName: ' Zoe\u0308 ', lastName: '山田', companyName: '  Fête nationale ' })).toBeUndefined();
  });

  it.each([
    [{ firstName: 'Jean Pierre' }, 'firstName', 'Name can only include letters!'],
    [{ firstName: 'Jean--Pierre' }, 'firstName', 'Hyphens and apostrophes are only allowed between letters!'],
    [{ lastName: "O'" }, 'lastName', 'Hyphens and apostrophes are only allowed between letters!'],
    [{ lastName: '山' }, 'lastName', 'Name must be in range 2-15!'],
    [{ lastName: 'ü'.repeat(16) }, 'lastName', 'Name must be in range 2-15!'],
    [{ companyName: 'Société  Générale' }, 'companyName', 'More than one consecutive space is not allowed!'],
  ])('%j → %s: %s', (patch, field, text) => expect(first(patch)).toEqual({ field, text }));
});
