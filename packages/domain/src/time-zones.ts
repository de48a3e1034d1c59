/**
 * The firm's time zone (an IANA name such as Europe/London, chosen in Settings → Branding): the
 * clock its daily work runs by — the staff digest goes out at 07:00 there, on that day's date
 * there (decision 0057).
 */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** Every time zone this runtime knows, for the settings list. */
export const timeZones = (): readonly string[] => Intl.supportedValuesOf('timeZone');

/** Whether `name` is a time zone this runtime can convert to. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** The zone's own spelling of a name the runtime accepts in any case ('europe/london' → 'Europe/London'). */
export const canonicalTimeZone = (name: string) => new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;

/** The date (YYYY-MM-DD) and hour (0–23) the wall clock shows in `timeZone` at `moment`. */
export function wallClock(moment: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}
