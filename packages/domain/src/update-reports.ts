import { PublishState } from './statuses';

/**
 * Update reports (investor news, spec §2.2 Reports and §2.3 News): who an update is addressed to,
 * and which admin page opens one by its draft/live state (spec §4).
 */
export const UPDATE_REPORT_AUDIENCES = ['all', 'holders', 'groups'] as const;
export type UpdateReportAudience = (typeof UPDATE_REPORT_AUDIENCES)[number];
export const UPDATE_REPORT_AUDIENCE_LABELS: Record<UpdateReportAudience, string> = {
  all: 'Every investor',
  holders: 'Holders of the company or fund',
  groups: 'Chosen client groups',
};

export const UPDATE_REPORT_STATUS_LABELS: Record<number, string> = { [PublishState.Draft]: 'Draft', [PublishState.Live]: 'Live' };

/** An answer to an investor's question goes back to them alone, or to everyone the update reached. */
export const ANSWER_VISIBILITIES = ['private', 'audience'] as const;
export type AnswerVisibility = (typeof ANSWER_VISIBILITIES)[number];
export const ANSWER_VISIBILITY_LABELS: Record<AnswerVisibility, string> = {
  private: 'Only to the investor who asked',
  audience: 'To everyone the update reached',
};

/** A draft opens on its edit page, a live update on its details (spec §2.2). */
export function updateReportAdminPath(id: number, status: number): string {
  return status === PublishState.Draft ? `/admin/reports/updates/${id}/edit-update` : `/admin/reports/updates/${id}/details`;
}

/** Where an investor reads an update: under its holding or fund when it is about one, else under News. */
export function updateReportInvestorPath(
  report: { id: number; opportunity_id: number | null; fund_id: number | null },
  area: 'news' | 'portfolio',
): string {
  if (area === 'portfolio' && report.opportunity_id) return `/investor/portfolio/${report.opportunity_id}/reports/${report.id}`;
  if (area === 'portfolio' && report.fund_id) return `/investor/portfolio/fund/${report.fund_id}/reports/${report.id}`;
  return `/investor/news/reports/${report.id}`;
}
