import { describe, expect, it } from 'vitest';
import { homeMoment } from './home-titles';

describe('homeMoment', () => {
  it.each([
    ['2026-03-10T06:00:00', 'morning'],
    ['2026-03-10T11:59:00', 'morning'],
    ['2026-03-10T12:00:00', 'day'],
    ['2026-03-10T19:30:00', 'evening'],
    ['2026-03-10T23:30:00', 'night'],
    ['2026-03-10T03:00:00', 'night'],
    ['2026-10-31T15:00:00', 'halloween'],
    ['2026-12-25T08:00:00', 'christmas'],
    ['2026-12-24T22:00:00', 'christmas'],
    ['2027-01-01T01:00:00', 'newYear'],
  ])('%s → %s', (iso, moment) => expect(homeMoment(new Date(iso))).toBe(moment));
});
