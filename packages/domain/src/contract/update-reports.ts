import { z } from 'zod';
import { ANSWER_VISIBILITIES, UPDATE_REPORT_AUDIENCES } from '../update-reports';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, requiredText, textInput } from './fields';

/**
 * Update reports — investor news (spec §2.2 Reports, §2.3 News): staff write an update about a
 * company or fund (or the whole book), address it, and publish it now or at a set time; investors
 * read the updates addressed to them and ask questions on them. Also the report types they are
 * filed under and the client groups an update can be addressed to.
 */

/** A report type with its sub-types (settings-managed, e.g. "Quarterly update" / "Q3 2026"). */
export const reportTypeSchema = z.object({ id: z.number().int(), name: z.string(), sub_types: z.array(namedRef) });
export type ReportType = z.infer<typeof reportTypeSchema>;

/** What an update is about: an existing investment (company) or a fund. */
export const updateReportSubjectSchema = z.object({ type: z.enum(['company', 'fund']), id: z.number().int(), name: z.string() });

export const updateReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 1 Draft, 2 Live (spec §4). */
  status: z.number().int(),
  report_type: namedRef.nullable(),
  report_sub_type: namedRef.nullable(),
  body: z.string(),
  opportunity_id: z.number().int().nullable(),
  fund_id: z.number().int().nullable(),
  subject: updateReportSubjectSchema.nullable(),
  audience: z.enum(UPDATE_REPORT_AUDIENCES),
  client_groups: z.array(namedRef),
  /** A draft's scheduled publication, if any. */
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  /** Investors it reached (fixed when it was published) and how many of them opened it. */
  recipients_count: z.number().int(),
  opened_count: z.number().int(),
  created_by: namedRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UpdateReport = z.infer<typeof updateReportSchema>;

export const UPDATE_REPORTS_LIST = {
  name: 'update_reports',
  filters: ['search', 'status', 'report_type_id', 'opportunity_id', 'fund_id'],
  sorts: ['title', 'status', 'published_at', 'created_at'],
} as const satisfies ListSpec;

const AUDIENCE_MESSAGE = 'Choose who receives the update.';
const updateReportFields = {
  title: requiredText(200, 'Enter a title.'),
  report_type_id: idInput('report type'),
  report_sub_type_id: clearable(idInput('sub-type')),
  body: requiredText(200_000, 'Write the update.'),
  opportunity_id: clearable(idInput('company')),
  fund_id: clearable(idInput('fund')),
  audience: z.enum(UPDATE_REPORT_AUDIENCES, { message: AUDIENCE_MESSAGE }),
  client_group_ids: z.array(idInput('client group')).max(100, 'Choose at most 100 groups.'),
  /** An instant with its offset: the draft is published then by itself. Empty: not scheduled. */
  publish_at: clearable(
    z.iso.datetime({ offset: true, message: 'Enter the date and time to publish.' }).transform((value) => new Date(value)),
  ),
};

/** The new-update form: title, type, text and audience are required. It saves a draft. */
export const createUpdateReportBody = z.strictObject({
  ...z.object(updateReportFields).partial().shape,
  title: updateReportFields.title,
  report_type_id: updateReportFields.report_type_id,
  body: updateReportFields.body,
  audience: updateReportFields.audience,
});
/** The edit-update form, while the update is a draft: any field, each checked as on creation. */
export const updateUpdateReportBody = z.strictObject(updateReportFields).partial();

/** Who an update reached, and when each opened it. */
export const updateReportRecipientSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  opened_at: z.string().nullable(),
});
export type UpdateReportRecipient = z.infer<typeof updateReportRecipientSchema>;
export const UPDATE_REPORT_RECIPIENTS_LIST = {
  name: 'recipients',
  filters: ['opened', 'search'],
  sorts: ['name', 'opened_at'],
} as const satisfies ListSpec;

/** A question an investor asked on an update, with staff's answer once given. */
export const updateReportQuestionSchema = z.object({
  id: z.number().int(),
  update_report_id: z.number().int(),
  question: z.string(),
  answer: z.string().nullable(),
  answer_visibility: z.enum(ANSWER_VISIBILITIES).nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  /** Staff see who asked and who answered; investors see only whether it was their own question. */
  asked_by: namedRef.nullable().optional(),
  answered_by: namedRef.nullable().optional(),
  mine: z.boolean().optional(),
});
export type UpdateReportQuestion = z.infer<typeof updateReportQuestionSchema>;

export const askQuestionBody = z.strictObject({ question: requiredText(5000, 'Write your question.') });
export const answerQuestionBody = z.strictObject({
  answer: requiredText(20_000, 'Write the answer.'),
  visibility: z.enum(ANSWER_VISIBILITIES, { message: 'Choose who sees the answer.' }),
});

/** An update as an investor reads it: no audience or staff fields. */
export const investorUpdateReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  report_type: namedRef.nullable(),
  report_sub_type: namedRef.nullable(),
  opportunity_id: z.number().int().nullable(),
  fund_id: z.number().int().nullable(),
  subject: updateReportSubjectSchema.nullable(),
  published_at: z.string(),
  /** When the investor first opened it; null while unread. */
  opened_at: z.string().nullable(),
});
export type InvestorUpdateReport = z.infer<typeof investorUpdateReportSchema>;

export const investorUpdateReportDetailSchema = investorUpdateReportSchema.extend({
  body: z.string(),
  attachments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      mime_type: z.string(),
      size_bytes: z.number().int(),
      download_url: z.string(),
      created_at: z.string(),
    }),
  ),
  questions: z.array(updateReportQuestionSchema),
});
export type InvestorUpdateReportDetail = z.infer<typeof investorUpdateReportDetailSchema>;

export const MY_UPDATE_REPORTS_LIST = {
  name: 'update_reports',
  filters: ['opportunity_id', 'fund_id', 'unread'],
  sorts: ['published_at'],
} as const satisfies ListSpec;

/** An investor in a client group, as the group shows them. */
export const clientGroupMemberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ClientGroupMember = z.infer<typeof clientGroupMemberSchema>;

/** A named group of investors kept by staff; an update can be addressed to groups. */
export const clientGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_count: z.number().int(),
  members: z.array(clientGroupMemberSchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientGroup = z.infer<typeof clientGroupSchema>;

export const CLIENT_GROUPS_LIST = { name: 'client_groups', filters: ['search'], sorts: ['name', 'created_at'] } as const satisfies ListSpec;

const clientGroupFields = {
  name: requiredText(120, 'Name the group.'),
  description: clearable(textInput(2000)),
  member_ids: z.array(idInput('investor')).max(10_000, 'A group holds at most 10,000 investors.'),
};
export const createClientGroupBody = z.strictObject({
  ...z.object(clientGroupFields).partial().shape,
  name: clientGroupFields.name,
});
export const updateClientGroupBody = z.strictObject(clientGroupFields).partial();
