/**
 * Sanctions and PEP screening of investors (docs/decisions/0032): the lists a firm uploads, the
 * matches found against them and what compliance decides about each.
 */

/** The lists screened against: the UK consolidated list of financial sanctions targets (OFSI) and a PEP list. */
export const SCREENING_LIST_KINDS = ['sanctions', 'pep'] as const;
export type ScreeningListKind = (typeof SCREENING_LIST_KINDS)[number];
export const SCREENING_LIST_LABELS: Record<ScreeningListKind, string> = {
  sanctions: 'Sanctions (HM Treasury / OFSI consolidated list)',
  pep: 'Politically exposed persons',
};

/**
 * A match: `potential` waits for review; compliance `cleared` it (a false positive) or `confirmed`
 * it; `lapsed` when the listed person left the list (or the investor's details changed) before review.
 */
export const SCREENING_MATCH_STATUSES = ['potential', 'cleared', 'confirmed', 'lapsed'] as const;
export type ScreeningMatchStatus = (typeof SCREENING_MATCH_STATUSES)[number];
export const SCREENING_MATCH_STATUS_LABELS: Record<ScreeningMatchStatus, string> = {
  potential: 'Awaiting review',
  cleared: 'Cleared',
  confirmed: 'Confirmed',
  lapsed: 'Lapsed',
};

/** What compliance decides about a match. */
export const SCREENING_DECISIONS = ['cleared', 'confirmed'] as const;
export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

/** Where an investor stands: a confirmed match outranks one awaiting review. */
export const SCREENING_STATES = ['not_screened', 'clear', 'potential_match', 'confirmed'] as const;
export type ScreeningState = (typeof SCREENING_STATES)[number];
export const SCREENING_STATE_LABELS: Record<ScreeningState, string> = {
  not_screened: 'Not screened',
  clear: 'Clear',
  potential_match: 'Potential match',
  confirmed: 'Confirmed match',
};

/** A name scoring at least this (0–100, date of birth taken into account) goes to the review queue. */
export const SCREENING_MATCH_THRESHOLD = 85;

/** Honorifics that say nothing about who a person is. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'lord', 'lady', 'hon', 'rev', 'sheikh', 'haji']);
/** Letters that Unicode does not decompose into a base letter and an accent. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A name as screening compares it: lower case, accents and punctuation gone, titles dropped, the
 * words in alphabetical order (so "GARCIA, José Luis" and "Jose Luis Garcia" are the same).
 */
export function normaliseName(name: string): string {
  return nameTokens(name).sort().join(' ');
}

/** The words of a name, folded as `normaliseName` folds them, in their order. */
export function nameTokens(name: string): string[] {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDED[c] ?? c)
    // Apostrophes join (O'Brien → obrien); every other non-letter separates words.
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return folded.split(' ').filter((word) => word && !TITLES.has(word));
}

/**
 * A date of birth as lists give it, kept to the precision known: `YYYY-MM-DD`, `YYYY-MM` or
 * `YYYY`. OFSI writes `dd/mm/yyyy` with `00` for an unknown day or month; ISO dates pass as they
 * are. Anything else is null.
 */
export function normaliseDateOfBirth(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  const [year, month, day] = uk ? [uk[3], uk[2], uk[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || year === '0000') return null;
  const mm = month && Number(month) >= 1 && Number(month) <= 12 ? month.padStart(2, '0') : null;
  const dd = mm && day && Number(day) >= 1 && Number(day) <= 31 ? day.padStart(2, '0') : null;
  return [year, mm, dd].filter(Boolean).join('-');
}

/**
 * How a listed date of birth bears on a match with an investor's (ISO) date of birth: `same` when
 * every part the list knows agrees, `near` when the year agrees but the day or month does not,
 * `different` otherwise, `unknown` when either is missing.
 */
export function compareDatesOfBirth(investor: string | null, listed: string | null): 'same' | 'near' | 'different' | 'unknown' {
  if (!investor || !listed) return 'unknown';
  if (investor.startsWith(listed)) return 'same';
  return investor.slice(0, 4) === listed.slice(0, 4) ? 'near' : 'different';
}

/** Countries whose address counts as in the United Kingdom for the identity checks (`enableInternationalAml`). */
const UK_NAMES = new Set([
  'uk',
  'u k',
  'gb',
  'gbr',
  'united kingdom',
  'great britain',
  'britain',
  'england',
  'scotland',
  'wales',
  'northern ireland',
  'united kingdom of great britain and northern ireland',
]);

/** Whether an address's country lies outside the UK; a blank country is not known to be. */
export function isNonUkCountry(country: string | null | undefined): boolean {
  const name = nameTokens(country ?? '').join(' ');
  return name !== '' && !UK_NAMES.has(name);
}

/**
 * The kinds of identity document an investor uploads. `identity_document` (passport or national
 * identity card, not told apart) is what uploads said before the kinds below; it is still read.
 */
export const IDENTITY_DOCUMENT_KINDS = [
  'passport',
  'national_identity_card',
  'driving_licence',
  'proof_of_address',
  'other',
  'identity_document',
] as const;
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number];
export const IDENTITY_DOCUMENT_KIND_LABELS: Record<IdentityDocumentKind, string> = {
  passport: 'Passport',
  national_identity_card: 'National identity card',
  driving_licence: 'Driving licence (photocard)',
  proof_of_address: 'Proof of address (bank statement, utility bill…)',
  other: 'Other document',
  identity_document: 'Passport or national identity card',
};
/** The kinds an investor chooses from when uploading. */
export const UPLOADABLE_IDENTITY_DOCUMENT_KINDS = IDENTITY_DOCUMENT_KINDS.filter((kind) => kind !== 'identity_document');
/** Photo identity documents: each is uploaded with the country that issued it. */
export const PHOTO_IDENTITY_KINDS: readonly IdentityDocumentKind[] = [
  'passport',
  'national_identity_card',
  'driving_licence',
  'identity_document',
];
/**
 * Identity documents that prove who an investor with a non-UK address is (JMLSG 5.3: a passport
 * or national identity card; a driving licence is not accepted for them).
 */
export const INTERNATIONAL_IDENTITY_KINDS: readonly IdentityDocumentKind[] = ['passport', 'national_identity_card', 'identity_document'];
/** What an investor with a non-UK address must upload before their identity can be verified. */
export const INTERNATIONAL_REQUIRED_DOCUMENTS = ['proof_of_address', 'identity_document'] as const;
