import { describe, expect, it } from 'vitest';
import { validateDuration } from '../../../src/domain/schedule';
import type { ScheduleDuration } from '../../../src/domain/schedule/duration';
import {
  durationToForm,
  formToDuration,
  localDateTime,
  newForm,
  recipientsOf,
  toggleMonthDay,
  type ScheduleForm,
} from '../../../src/custom/schedule/scheduleForm';

/** A form with every frequency's fields filled: each frequency must take only its own. */
const FULL: ScheduleForm = {
  ...newForm('Asia/Kolkata', '2027-01-04T08:00'),
  botId: 'b-1',
  agentId: 'a-1',
  every: '15',
  time: '09:30',
  weekDays: [5, 1, 3],
  months: [7, 1],
  mode: 'dateWise',
  dates: [15, 1],
  days: [
    { week: 'last', weekDay: 5 },
    { week: 1, weekDay: 1 },
  ],
};

const ZONE = { timezone: 'Asia/Kolkata', startDate: '2027-01-04T08:00' };

describe('formToDuration: the fields of the chosen frequency only', () => {
  it('minutely: every N minutes, no time, days or months', () => {
    expect(formToDuration({ ...FULL, frequency: 'minutely' })).toEqual({ frequency: 'minutely', every: 15, ...ZONE });
  });

  it('hourly: every N hours', () => {
    expect(formToDuration({ ...FULL, frequency: 'hourly', every: '2' })).toEqual({
      frequency: 'hourly',
      every: 2,
      ...ZONE,
    });
  });

  it('daily: the time', () => {
    expect(formToDuration({ ...FULL, frequency: 'daily' })).toEqual({ frequency: 'daily', time: '09:30', ...ZONE });
  });

  it('weekly: the time and the week days in order', () => {
    expect(formToDuration({ ...FULL, frequency: 'weekly' })).toEqual({
      frequency: 'weekly',
      time: '09:30',
      weekDays: [1, 3, 5],
      ...ZONE,
    });
  });

  it('monthly date wise: months and dates, no week days of the month', () => {
    expect(formToDuration({ ...FULL, frequency: 'monthly', mode: 'dateWise' })).toEqual({
      frequency: 'monthly',
      time: '09:30',
      months: [1, 7],
      mode: 'dateWise',
      dates: [1, 15],
      ...ZONE,
    });
  });

  it('monthly day wise: months and the week days of the month (first before last), no dates', () => {
    expect(formToDuration({ ...FULL, frequency: 'monthly', mode: 'dayWise' })).toEqual({
      frequency: 'monthly',
      time: '09:30',
      months: [1, 7],
      mode: 'dayWise',
      days: [
        { week: 1, weekDay: 1 },
        { week: 'last', weekDay: 5 },
      ],
      ...ZONE,
    });
  });

  it('an end date only when one is given', () => {
    expect(formToDuration({ ...FULL, frequency: 'daily', endDate: '2027-12-31T23:59' }).endDate).toBe(
      '2027-12-31T23:59',
    );
    expect('endDate' in formToDuration({ ...FULL, frequency: 'daily', endDate: '  ' })).toBe(false);
  });

  it('leaves out what is missing or not a whole number, so the rules name it', () => {
    const blank = formToDuration({ ...FULL, frequency: '', every: 'x' });
    expect(blank).toEqual(ZONE);
    expect(validateDuration(blank).map((e) => e.message)).toEqual([
      'Please select frequency or repeat duration for the process!',
    ]);
    expect(validateDuration(formToDuration({ ...FULL, frequency: 'minutely', every: '1.5' }))[0].message).toBe(
      'Please select minutes!',
    );
    expect(validateDuration(formToDuration({ ...FULL, frequency: 'hourly', every: '' }))[0].message).toBe(
      'Please select hours!',
    );
    expect(validateDuration(formToDuration({ ...FULL, frequency: 'monthly', mode: '' }))[0].message).toBe(
      'Please select day wise or date wise!',
    );
  });
});

describe('durationToForm: a stored plan back in the builder', () => {
  const plans: ScheduleDuration[] = [
    { frequency: 'minutely', every: 7, timezone: 'UTC', startDate: '2027-03-01T00:00' },
    {
      frequency: 'hourly',
      every: 3,
      timezone: 'Europe/London',
      startDate: '2027-03-01T00:00',
      endDate: '2027-04-01T00:00',
    },
    { frequency: 'daily', time: '02:30', timezone: 'America/New_York', startDate: '2027-03-01T00:00' },
    {
      frequency: 'weekly',
      time: '09:00',
      weekDays: [1, 2, 3, 4, 5],
      timezone: 'Asia/Kolkata',
      startDate: '2027-01-01T00:00',
    },
    {
      frequency: 'monthly',
      time: '18:00',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      mode: 'dayWise',
      days: [{ week: 'last', weekDay: 5 }],
      timezone: 'Europe/Paris',
      startDate: '2027-01-01T00:00',
    },
    {
      frequency: 'monthly',
      time: '06:15',
      months: [2],
      mode: 'dateWise',
      dates: [29],
      timezone: 'Australia/Sydney',
      startDate: '2027-01-01T00:00',
    },
  ];

  it.each(plans.map((d) => [d.frequency + (d.mode ? ` ${d.mode}` : ''), d] as const))(
    '%s: the form gives the same plan back',
    (_name, d) => {
      const form: ScheduleForm = { ...newForm('UTC', '2000-01-01T00:00'), ...durationToForm(d) };
      expect(formToDuration(form)).toEqual(d);
    },
  );

  it('fills the inputs as typed (numbers as text, no end date as empty)', () => {
    expect(durationToForm(plans[0])).toMatchObject({ frequency: 'minutely', every: '7', time: '', endDate: '' });
  });
});

describe('form helpers', () => {
  it('reads recipients separated by commas, semicolons or spaces', () => {
    expect(recipientsOf(' a@x.com, b@y.org;c@z.net  d@w.io ')).toEqual(['a@x.com', 'b@y.org', 'c@z.net', 'd@w.io']);
    expect(recipientsOf('')).toEqual([]);
  });

  it('toggles a week day of the month in and out', () => {
    const once = toggleMonthDay([], { week: 'last', weekDay: 5 });
    expect(once).toEqual([{ week: 'last', weekDay: 5 }]);
    expect(toggleMonthDay(once, { week: 'last', weekDay: 5 })).toEqual([]);
  });

  it("writes an instant as the zone's local date and time", () => {
    // 2027-01-01T03:30Z is 09:00 in Kolkata (+05:30) and 22:30 the day before in New York (-05:00).
    expect(localDateTime(new Date('2027-01-01T03:30:00Z'), 'Asia/Kolkata')).toBe('2027-01-01T09:00');
    expect(localDateTime(new Date('2027-01-01T03:30:00Z'), 'America/New_York')).toBe('2026-12-31T22:30');
  });
});
