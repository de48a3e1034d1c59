import type { InsiderEntry, InsiderProject, PaDeal, PaDealStatus, RestrictedCompany } from '@platform/domain';
import type { insiderProjectCleansings, restrictedListEntries } from '../../db/schema';
import type { PaDealRow, PaDealStepRow } from './pa-deals';
import type { EntryListRow, ProjectRow } from './service';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function presentProject(r: {
  project: ProjectRow;
  openedByName: string | null;
  currentInsiders: number | null;
  cleansing: typeof insiderProjectCleansings.$inferSelect | null;
  cleansedByName: string | null;
}): InsiderProject {
  const p = r.project;
  return {
    id: p.id,
    opportunity_id: p.opportunityId,
    deal_id: p.dealId,
    name: p.name,
    company_name: p.companyName,
    description: p.description,
    opened_by: ref(p.openedBy, r.openedByName),
    opened_at: p.openedAt.toISOString(),
    current_insiders: Number(r.currentInsiders ?? 0),
    cleansing: r.cleansing && {
      reason: r.cleansing.reason as 'made_public' | 'abandoned',
      note: r.cleansing.note,
      cleansed_by: ref(r.cleansing.cleansedBy, r.cleansedByName),
      cleansed_at: r.cleansing.cleansedAt.toISOString(),
    },
  };
}

export function presentEntry(r: EntryListRow): InsiderEntry {
  const e = r.entry;
  return {
    id: e.id,
    project: { id: e.projectId, name: r.projectName, company_name: r.projectCompany },
    user_id: e.userId,
    source: e.source as InsiderEntry['source'],
    corrects_id: e.correctsId,
    corrected_by_id: r.correctedById,
    first_name: e.firstName,
    surname: e.surname,
    birth_surname: e.birthSurname,
    email: e.email,
    professional_phone: e.professionalPhone,
    company_name: e.companyName,
    company_address: e.companyAddress,
    function: e.function,
    reason: e.reason,
    disclosed_text: e.disclosedText,
    date_of_birth: e.dateOfBirth,
    national_id: e.nationalId,
    personal_phone: e.personalPhone,
    home_address: e.homeAddress,
    obtained_at: e.obtainedAt.toISOString(),
    recorded_by: ref(e.recordedBy, r.recordedByName),
    recorded_at: e.recordedAt.toISOString(),
    ceased_at: r.ceasedAt?.toISOString() ?? null,
    ceased_reason: r.ceasedReason,
  };
}

export function presentPaDeal(
  r: { request: PaDealRow; requesterName: string; status: PaDealStatus },
  steps: Array<{ step: PaDealStepRow; actorName: string | null }>,
): PaDeal {
  const d = r.request;
  return {
    id: d.id,
    requester: { id: d.requesterId, name: r.requesterName },
    company_name: d.companyName,
    direction: d.direction as PaDeal['direction'],
    quantity: d.quantity,
    expected_price: d.expectedPrice,
    currency: d.currency,
    reason: d.reason,
    requested_at: d.requestedAt.toISOString(),
    status: r.status,
    steps: steps
      .filter((s) => s.step.requestId === d.id)
      .map(({ step, actorName }) => ({
        id: step.id,
        status: step.status as PaDealStatus,
        actor: ref(step.actorId, actorName),
        reason: step.reason,
        executed_quantity: step.executedQuantity,
        executed_price: step.executedPrice,
        executed_on: step.executedOn,
        created_at: step.createdAt.toISOString(),
      })),
  };
}

export function presentRestrictedList(list: {
  manual: Array<{ entry: typeof restrictedListEntries.$inferSelect; addedByName: string | null }>;
  projects: ProjectRow[];
}): RestrictedCompany[] {
  return [
    ...list.projects.map((p) => ({
      id: null,
      company_name: p.companyName,
      source: 'project' as const,
      reason: `Inside information: ${p.name}`,
      project_id: p.id,
      since: p.openedAt.toISOString(),
      added_by: null,
    })),
    ...list.manual.map(({ entry, addedByName }) => ({
      id: entry.id,
      company_name: entry.companyName,
      source: 'manual' as const,
      reason: entry.reason,
      project_id: null,
      since: entry.addedAt.toISOString(),
      added_by: ref(entry.addedBy, addedByName),
    })),
  ].sort((a, b) => a.company_name.localeCompare(b.company_name));
}
