import { z } from 'zod';
import { COMPLIANCE_STATEMENT_STATUSES, RELIEF_SCHEMES } from '../tax';
import { namedRef } from './common';
import { clearable, idInput, isoDateInput, textInput, unitsInput } from './fields';

/** A relief scheme with its label and, for EIS and SEIS, the statement and certificate HMRC uses. */
export const taxOptionSchema = z.object({
  scheme: z.enum(RELIEF_SCHEMES),
  label: z.string(),
  statement: z.string().nullable(),
  certificate: z.string().nullable(),
});
export const taxOptionsResponse = z.object({
  data: z.array(taxOptionSchema),
  statement_statuses: z.array(z.object({ status: z.enum(COMPLIANCE_STATEMENT_STATUSES), label: z.string() })),
});
export type TaxOption = z.infer<typeof taxOptionSchema>;

/** A holding's relief holding period: from the share issue, three years (decision 0060). */
export const reliefClockSchema = z.object({
  starts_on: z.string(),
  ends_on: z.string(),
  running: z.boolean(),
  days_left: z.number().int(),
});

/** An uploaded EIS3/SEIS3 certificate: the file and what HMRC printed on it. */
export const taxCertificateSchema = z.object({
  id: z.number().int(),
  share_issue_id: z.number().int(),
  user_id: z.number().int(),
  form: z.string(),
  certificate_reference: z.string().nullable(),
  issued_on: z.string().nullable(),
  file_name: z.string(),
  uploaded_at: z.string(),
  download_url: z.string(),
});
export type TaxCertificate = z.infer<typeof taxCertificateSchema>;

/**
 * A beneficial owner of shares from an issue: the investor behind the investments, however they
 * hold (personally, an organisation, a method account or a nominee), with their certificate.
 */
export const beneficialOwnerSchema = z.object({
  user: namedRef,
  held_through: z.array(z.string()),
  shares: z.string(),
  amount: z.string(),
  certificate: taxCertificateSchema.nullable(),
});
export type BeneficialOwner = z.infer<typeof beneficialOwnerSchema>;

export const shareIssueSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  issued_on: z.string(),
  share_class: z.string(),
  price_per_share: z.string(),
  scheme: z.enum(RELIEF_SCHEMES),
  scheme_label: z.string(),
  /** EIS1 or SEIS1; null for a scheme without one. */
  statement_form: z.string().nullable(),
  certificate_form: z.string().nullable(),
  statement_status: z.enum(COMPLIANCE_STATEMENT_STATUSES),
  statement_status_label: z.string(),
  statement_submitted_on: z.string().nullable(),
  hmrc_reference: z.string().nullable(),
  holding_period_ends_on: z.string(),
  owners: z.array(beneficialOwnerSchema),
  created_at: z.string(),
});
export type ShareIssue = z.infer<typeof shareIssueSchema>;

/** The share issues of one company: `filter[opportunity_id]` is required. */
export const shareIssuesQuery = z.strictObject({
  'filter[opportunity_id]': idInput('investment').meta({ description: 'The investment whose share issues to list.' }),
});

const shareIssueFields = {
  issued_on: isoDateInput,
  share_class: textInput(100).min(1, 'Enter the share class, such as Ordinary.'),
  price_per_share: unitsInput.refine((v) => Number(v) > 0, 'Enter the price per share.'),
  scheme: z.enum(RELIEF_SCHEMES, { message: 'Choose EIS, SEIS, VCT or none.' }),
};

export const createShareIssueBody = z.strictObject({ opportunity_id: idInput('investment'), ...shareIssueFields });
export type CreateShareIssueInput = z.infer<typeof createShareIssueBody>;

/** Corrects an issue, or records where its compliance statement stands with HMRC. */
export const updateShareIssueBody = z.strictObject({
  ...z.object(shareIssueFields).partial().shape,
  statement_status: z.enum(COMPLIANCE_STATEMENT_STATUSES, { message: 'Choose a status.' }).optional(),
  statement_submitted_on: clearable(isoDateInput).optional(),
  hmrc_reference: clearable(textInput(100)).optional(),
});
export type UpdateShareIssueInput = z.infer<typeof updateShareIssueBody>;

/** The certificate upload form (multipart): whose it is, what HMRC printed on it, and the PDF. */
export const uploadTaxCertificateBody = z.strictObject({
  user_id: idInput('beneficial owner'),
  certificate_reference: clearable(textInput(100)).optional(),
  issued_on: clearable(isoDateInput).optional(),
});

/** The relief an investment claims and the issue its shares came from. */
export const investmentTaxReliefBody = z.strictObject({
  relief: clearable(z.enum(RELIEF_SCHEMES, { message: 'Choose EIS, SEIS, VCT or none.' })).optional(),
  share_issue_id: clearable(idInput('share issue')).optional(),
});
export type InvestmentTaxReliefInput = z.infer<typeof investmentTaxReliefBody>;

/** One investment of a holding with its relief and clock, as its investor sees it. */
export const holdingReliefLineSchema = z.object({
  investment_id: z.number().int(),
  type: z.string(),
  amount: z.string(),
  shares: z.string().nullable(),
  relief: z.enum(RELIEF_SCHEMES).nullable(),
  relief_label: z.string().nullable(),
  share_issue: z.object({ id: z.number().int(), issued_on: z.string(), share_class: z.string() }).nullable(),
  clock: reliefClockSchema.nullable(),
});

/** The tax relief of one holding: each investment's relief and clock, and the investor's certificates. */
export const holdingTaxReliefSchema = z.object({
  opportunity_id: z.number().int(),
  lines: z.array(holdingReliefLineSchema),
  certificates: z.array(taxCertificateSchema),
});
export type HoldingTaxRelief = z.infer<typeof holdingTaxReliefSchema>;
