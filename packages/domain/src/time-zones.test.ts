import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isTimeZone, timeZones, wallClock } from './time-zones';

describe('time zones', () => {
  it('reads the wall clock of a zone, summer time and the date line included', () => {
    expect(wallClock(new Date('2030-06-10T06:30:00Z'), 'Europe/London')).toEqual({ day: '2030-06-10', hour: 7 });
    expect(wallClock(new Date('2030-01-10T06:30:00Z'), 'Europe/London')).toEqual({ day: '2030-01-10', hour: 6 });
    expect(wallClock(new Date('2030-06-10T03:30:00Z'), 'America/New_York')).toEqual({ day: '2030-06-09', hour: 23 });
    expect(wallClock(new Date('2030-06-10T22:30:00Z'), 'Asia/Tokyo')).toEqual({ day: '2030-06-11', hour: 7 });
    expect(wallClock(new Date('2030-06-10T00:00:00Z'), 'UTC')).toEqual({ day: '2030-06-10', hour: 0 });
  });

  it('knows the zones the runtime knows, and nothing else', () => {
    expect(timeZones()).toContain('Europe/London');
    expect(timeZones()).toContain('America/New_York');
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
  });
});
