// Expected instants are worked out by hand from each zone's 2027 rules (offsets and change days).
import { describe, expect, it } from 'vitest';
import { instantToLocal, localToInstant } from '../../../../src/domain/schedule';

const at = (local: string, zone: string) => localToInstant(local, zone).toISOString();

describe('localToInstant: the compatible rule', () => {
  it.each([
    // New York: 2027-03-14 02:00 EST → 03:00 EDT; 2027-11-07 02:00 EDT → 01:00 EST.
    ['America/New_York', '2027-03-14T02:30', '2027-03-14T07:30:00.000Z'], // gap: read with EST, 03:30 EDT
    ['America/New_York', '2027-03-14T01:59', '2027-03-14T06:59:00.000Z'],
    ['America/New_York', '2027-03-14T03:00', '2027-03-14T07:00:00.000Z'],
    ['America/New_York', '2027-11-07T01:30', '2027-11-07T05:30:00.000Z'], // repeated: first (EDT)
    ['America/New_York', '2027-11-07T02:00', '2027-11-07T07:00:00.000Z'],
    ['America/New_York', '2027-06-01T09:00', '2027-06-01T13:00:00.000Z'],
    // London: 2027-03-28 01:00 GMT → 02:00 BST; 2027-10-31 02:00 BST → 01:00 GMT.
    ['Europe/London', '2027-03-28T01:30', '2027-03-28T01:30:00.000Z'], // gap: read with GMT, 02:30 BST
    ['Europe/London', '2027-10-31T01:30', '2027-10-31T00:30:00.000Z'], // repeated: first (BST)
    ['Europe/London', '2027-01-15T12:00', '2027-01-15T12:00:00.000Z'],
    // Sydney: 2027-04-04 03:00 AEDT → 02:00 AEST; 2027-10-03 02:00 AEST → 03:00 AEDT.
    ['Australia/Sydney', '2027-10-03T02:30', '2027-10-02T16:30:00.000Z'], // gap: read with +10, 03:30 AEDT
    ['Australia/Sydney', '2027-04-04T02:30', '2027-04-03T15:30:00.000Z'], // repeated: first (+11)
    ['Australia/Sydney', '2027-07-01T09:00', '2027-06-30T23:00:00.000Z'],
    // Lord Howe: 2027-04-04 02:00 (+11) → 01:30 (+10:30); 2027-10-03 02:00 (+10:30) → 02:30 (+11).
    ['Australia/Lord_Howe', '2027-10-03T02:15', '2027-10-02T15:45:00.000Z'], // gap: read with +10:30, 02:45
    ['Australia/Lord_Howe', '2027-04-04T01:45', '2027-04-03T14:45:00.000Z'], // repeated: first (+11)
    ['Australia/Lord_Howe', '2027-07-01T09:00', '2027-06-30T22:30:00.000Z'],
    // Kolkata +05:30 all year; Kathmandu +05:45; Chatham +13:45 in summer, +12:45 in winter.
    ['Asia/Kolkata', '2027-03-14T02:30', '2027-03-13T21:00:00.000Z'],
    ['Asia/Calcutta', '2027-03-14T02:30', '2027-03-13T21:00:00.000Z'],
    ['Asia/Kathmandu', '2027-01-01T00:00', '2026-12-31T18:15:00.000Z'],
    ['Pacific/Chatham', '2027-01-10T09:00', '2027-01-09T19:15:00.000Z'],
    ['Pacific/Chatham', '2027-06-10T09:00', '2027-06-09T20:15:00.000Z'],
    // Chatham 2027-09-26 02:45 (+12:45) → 03:45 (+13:45): 03:00 is read with +12:45 (04:00 local).
    ['Pacific/Chatham', '2027-09-26T03:00', '2027-09-25T14:15:00.000Z'],
    ['UTC', '2027-02-28T23:59', '2027-02-28T23:59:00.000Z'],
  ])('%s %s → %s', (zone, local, expected) => {
    expect(at(local, zone)).toBe(expected);
  });

  it('refuses a date that does not exist and an unknown zone', () => {
    expect(() => localToInstant('2027-02-30T10:00', 'UTC')).toThrow(RangeError);
    expect(() => localToInstant('2027-02-10T25:00', 'UTC')).toThrow(RangeError);
    expect(() => localToInstant('2027-02-10T10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('instantToLocal', () => {
  it.each([
    ['2027-03-14T07:30:00Z', 'America/New_York', { y: 2027, m: 3, d: 14, hh: 3, mm: 30, weekDay: 0 }],
    ['2027-11-07T05:30:00Z', 'America/New_York', { y: 2027, m: 11, d: 7, hh: 1, mm: 30, weekDay: 0 }],
    ['2027-11-07T06:30:00Z', 'America/New_York', { y: 2027, m: 11, d: 7, hh: 1, mm: 30, weekDay: 0 }],
    ['2027-10-02T15:45:00Z', 'Australia/Lord_Howe', { y: 2027, m: 10, d: 3, hh: 2, mm: 45, weekDay: 0 }],
    ['2026-12-31T18:15:00Z', 'Asia/Kathmandu', { y: 2027, m: 1, d: 1, hh: 0, mm: 0, weekDay: 5 }],
    ['2027-01-09T19:15:00Z', 'Pacific/Chatham', { y: 2027, m: 1, d: 10, hh: 9, mm: 0, weekDay: 0 }],
    ['2028-02-29T23:59:00Z', 'UTC', { y: 2028, m: 2, d: 29, hh: 23, mm: 59, weekDay: 2 }],
  ])('%s in %s', (iso, zone, expected) => {
    expect(instantToLocal(new Date(iso), zone)).toEqual(expected);
  });
});
