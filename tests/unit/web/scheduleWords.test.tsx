import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../i18n';
import { describeDuration } from '../../../src/custom/schedule/scheduleWords';
import type { ScheduleDuration } from '../../../src/domain/schedule/duration';

const en = (d: ScheduleDuration) => describeDuration(d, translatorFor('en'), 'en');
const fr = (d: ScheduleDuration) => describeDuration(d, translatorFor('fr'), 'fr');
const start = { startDate: '2027-01-01T00:00' };

describe('a plan in words', () => {
  it('elapsed spans: every minute, every N minutes, every N hours (no zone: they do not depend on one)', () => {
    const m = (every: number): ScheduleDuration => ({ frequency: 'minutely', every, timezone: 'UTC', ...start });
    const h = (every: number): ScheduleDuration => ({ frequency: 'hourly', every, timezone: 'UTC', ...start });
    expect(en(m(15))).toBe('Every 15 minutes');
    expect(en(m(1))).toBe('Every minute');
    expect(en(h(2))).toBe('Every 2 hours');
    expect(en(h(1))).toBe('Every hour');
    expect(fr(m(15))).toBe('Toutes les 15 minutes');
    expect(fr(m(1))).toBe('Chaque minute');
    expect(fr(h(2))).toBe('Toutes les 2 heures');
  });

  it('daily and weekly wall-clock times with their zone', () => {
    const weekly = (weekDays: number[]): ScheduleDuration => ({
      frequency: 'weekly',
      time: '09:00',
      weekDays,
      timezone: 'Asia/Kolkata',
      ...start,
    });
    expect(en({ frequency: 'daily', time: '07:45', timezone: 'Europe/Paris', ...start })).toBe(
      'Every day at 07:45 (Europe/Paris)',
    );
    expect(fr({ frequency: 'daily', time: '07:45', timezone: 'Europe/Paris', ...start })).toBe(
      'Chaque jour à 07:45 (Europe/Paris)',
    );
    expect(en(weekly([5, 1, 2, 3, 4]))).toBe('Every weekday at 09:00 (Asia/Kolkata)');
    expect(fr(weekly([1, 2, 3, 4, 5]))).toBe('Du lundi au vendredi à 09:00 (Asia/Kolkata)');
    expect(en(weekly([1, 3, 5]))).toBe('Every Monday, Wednesday, and Friday at 09:00 (Asia/Kolkata)');
    expect(fr(weekly([1, 3, 5]))).toBe('Chaque lundi, mercredi et vendredi à 09:00 (Asia/Kolkata)');
    expect(en(weekly([0, 1, 2, 3, 4, 5, 6]))).toBe('Every day at 09:00 (Asia/Kolkata)');
  });

  it('monthly: week days of the month, dates, and the months when not all twelve', () => {
    const lastFriday: ScheduleDuration = {
      frequency: 'monthly',
      time: '18:00',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      mode: 'dayWise',
      days: [{ week: 'last', weekDay: 5 }],
      timezone: 'Europe/Paris',
      ...start,
    };
    expect(en(lastFriday)).toBe('Monthly on the last Friday at 18:00 (Europe/Paris)');
    expect(fr(lastFriday)).toBe('Chaque mois le dernier vendredi à 18:00 (Europe/Paris)');
    const firstMonday = { ...lastFriday, months: [1, 7], days: [{ week: 1 as const, weekDay: 1 }] };
    expect(en(firstMonday)).toBe('Monthly on the first Monday in January and July at 18:00 (Europe/Paris)');
    expect(fr(firstMonday)).toBe('Chaque mois le premier lundi en janvier et juillet à 18:00 (Europe/Paris)');
    const dates: ScheduleDuration = { ...lastFriday, mode: 'dateWise', dates: [15, 1], days: undefined };
    expect(en(dates)).toBe('Monthly on days 1 and 15 at 18:00 (Europe/Paris)');
    expect(fr(dates)).toBe('Chaque mois les 1 et 15 à 18:00 (Europe/Paris)');
    expect(en({ ...dates, dates: [31] })).toBe('Monthly on day 31 at 18:00 (Europe/Paris)');
    expect(fr({ ...dates, dates: [31] })).toBe('Chaque mois le 31 à 18:00 (Europe/Paris)');
  });
});
