/**
 * The holders an investor may invest through besides themselves (DOMAIN.md "People records"):
 * organisations (with the people who act for them), investment methods (SIPP, ISA… with each
 * investor's account) and nominees. Staff manage them under the 'investors' permission event: they
 * are investor records, so whoever may see, change or delete investors may do the same with them.
 */
export const HOLDER_PERMISSION_EVENT = 'investors' as const;

export const ORGANISATION_TYPES = ['company', 'trust', 'charity', 'partnership', 'other'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const ORGANISATION_TYPE_LABELS: Record<OrganisationType, string> = {
  company: 'Company',
  trust: 'Trust',
  charity: 'Charity',
  partnership: 'Partnership',
  other: 'Other',
};

/** The capacity in which a person acts for an organisation. */
export const ORGANISATION_ROLES = [
  'director',
  'trustee',
  'authorised_signatory',
  'partner',
  'secretary',
  'beneficial_owner',
  'other',
] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const ORGANISATION_ROLE_LABELS: Record<OrganisationRole, string> = {
  director: 'Director',
  trustee: 'Trustee',
  authorised_signatory: 'Authorised signatory',
  partner: 'Partner',
  secretary: 'Company secretary',
  beneficial_owner: 'Beneficial owner',
  other: 'Other',
};

export const INVESTMENT_METHOD_TYPES = ['sipp', 'ssas', 'isa', 'nominee_account', 'other'] as const;
export type InvestmentMethodType = (typeof INVESTMENT_METHOD_TYPES)[number];
export const INVESTMENT_METHOD_TYPE_LABELS: Record<InvestmentMethodType, string> = {
  sipp: 'SIPP',
  ssas: 'SSAS',
  isa: 'ISA',
  nominee_account: 'Nominee account',
  other: 'Other',
};

/** An investor's request to act for an organisation: staff approve (linking them) or reject with a reason. */
export const ORGANISATION_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OrganisationApplicationStatus = (typeof ORGANISATION_APPLICATION_STATUSES)[number];
export const ORGANISATION_APPLICATION_STATUS_LABELS: Record<OrganisationApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
