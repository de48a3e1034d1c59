/**
 * Tax relief on investments (flag `tax_enabled`, decision 0060): the scheme an investor claims, the
 * compliance statement the company files with HMRC for a share issue (EIS1/SEIS1), the certificate
 * HMRC authorises for each beneficial owner (EIS3/SEIS3), and the holding period during which a
 * disposal may withdraw the relief.
 */
export const RELIEF_SCHEMES = ['eis', 'seis', 'vct', 'none'] as const;
export type ReliefScheme = (typeof RELIEF_SCHEMES)[number];

export const RELIEF_LABELS: Record<ReliefScheme, string> = {
  eis: 'EIS',
  seis: 'SEIS',
  vct: 'VCT',
  none: 'No relief',
};

/**
 * The compliance statement and certificate of a scheme: a VCT claims through the trust's own
 * certificate, not per share issue, and "none" files nothing.
 */
export const RELIEF_FORMS: Record<ReliefScheme, { statement: string; certificate: string } | null> = {
  eis: { statement: 'EIS1', certificate: 'EIS3' },
  seis: { statement: 'SEIS1', certificate: 'SEIS3' },
  vct: null,
  none: null,
};

/** Where a share issue's compliance statement (EIS1/SEIS1) stands with HMRC. */
export const COMPLIANCE_STATEMENT_STATUSES = ['not_submitted', 'submitted', 'authorised', 'rejected'] as const;
export type ComplianceStatementStatus = (typeof COMPLIANCE_STATEMENT_STATUSES)[number];
export const COMPLIANCE_STATEMENT_STATUS_LABELS: Record<ComplianceStatementStatus, string> = {
  not_submitted: 'Not submitted',
  submitted: 'Submitted',
  authorised: 'Authorised',
  rejected: 'Rejected',
};

/** Years the shares must be held for the relief to stand. */
export const RELIEF_HOLDING_YEARS = 3;

/** Whether a scheme's relief can be withdrawn by an early disposal of the shares. */
export const hasHoldingPeriod = (scheme: ReliefScheme | null | undefined): boolean =>
  scheme === 'eis' || scheme === 'seis' || scheme === 'vct';

/**
 * The last day of the holding period: three years from the share issue date. The law starts the
 * clock at the later of the issue and the start of the company's trade; the platform does not record
 * trade start, so it counts from the issue. An issue on 29 February ends on 28 February.
 */
export function reliefHoldingEndsOn(issuedOn: string): string {
  const [year, month, day] = issuedOn.split('-').map(Number);
  const end = new Date(Date.UTC(year + RELIEF_HOLDING_YEARS, month - 1, day));
  // Date.UTC rolls 29 February into 1 March in a year that has none.
  if (end.getUTCMonth() !== month - 1) end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
}

/** A holding's relief clock on a day: when it ends, whether it still runs, and the whole days left. */
export interface ReliefClock {
  starts_on: string;
  ends_on: string;
  running: boolean;
  days_left: number;
}

const DAY_MS = 86_400_000;

export function reliefClock(issuedOn: string, today: string): ReliefClock {
  const endsOn = reliefHoldingEndsOn(issuedOn);
  const daysLeft = Math.max(0, Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS));
  return { starts_on: issuedOn, ends_on: endsOn, running: today < endsOn, days_left: daysLeft };
}

/** Whether a disposal on `disposedOn` falls inside the holding period of shares issued on `issuedOn`. */
export function disposalInsideHoldingPeriod(issuedOn: string, disposedOn: string): boolean {
  return disposedOn < reliefHoldingEndsOn(issuedOn);
}

/** The staff warning for a disposal inside the holding period. */
export function reliefWithdrawalWarning(scheme: ReliefScheme, endsOn: string): string {
  return `These shares carry ${RELIEF_LABELS[scheme]} relief and are inside the ${RELIEF_HOLDING_YEARS}-year holding period (until ${endsOn}): disposing of them now may withdraw the relief.`;
}
