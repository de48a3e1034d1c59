/** Time source. Tests pass a controllable clock so time-based rules can be proven. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

/** The calendar date (YYYY-MM-DD, UTC) of an instant: "today" for date-only rules and figures. */
export const utcDate = (now: Date): string => now.toISOString().slice(0, 10);
