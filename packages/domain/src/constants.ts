/** Business constants and limits of spec §9. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 900, xl: 1150, xxl: 1500 } as const;
/** The financial-promotion risk warning's summary (spec §2.4) and its link to the longer text, word for word. */
export const RISK_WARNING_SUMMARY =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.";
export const RISK_WARNING_MORE = 'Take 2 mins to learn more.';
/** The element id of the investor header the server draws into the HTML, which the web app takes away once it draws its own (decision 0079). */
export const FIRST_PAINT_ID = 'first-paint';
export const MODAL_WIDTH = { default: 800, wide: 900, choice: 670, confirmation: 600 } as const;

export const APPROPRIATENESS_RETRY_WAIT_MS = 24 * 60 * 60 * 1000;
/** PS22/10: a first-time investor waits this long after categorisation before investing. */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;
export const UNLIMITED_COMPLIANCE_TRIES = 9999;

export const REQUEST_TIMEOUT_MS = 5000;
export const MARK_READ_DEBOUNCE_MS = 500;
/** Spec §9 "3000 ms in another helper": a draft saves itself this long after typing stops (docs/decisions/0052). */
export const AUTOSAVE_DEBOUNCE_MS = 3000;
export const DEFAULT_TERMS_VERSION = 1;
export const DEFAULT_APP_VERSION = '1.0';
export const DEFAULT_FONT = 'Montserrat';
/** The text's font: the firm's, then the system's sans-serif faces while it loads or where it is missing. */
export const fontStack = (font: string) => `${font}, -apple-system, 'Segoe UI', Roboto, sans-serif`;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

export const DEFAULT_COLORS = {
  primary: '#1f3a5f',
  secondary: '#3fa796',
  success: '#2f9e44',
  warning: '#f08c00',
  danger: '#e03131',
  info: '#1c7ed6',
} as const;

/** Fallback text of a failed form submission (spec §8). */
export const FORM_FALLBACK_ERROR = 'Something went wrong submitting.';

/** Notification badge: at most two digits (spec §2.4). */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99' : String(Math.max(0, unread));
}

/** Relative time of a notification, in the exact forms of spec §2.4 ('N mins ago' also for 1). */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(date).getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} mins ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return `${days} days ago`;
}

/** Spec §5: empty values are dropped from payloads, zero is kept. */
export function compactPayload<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
