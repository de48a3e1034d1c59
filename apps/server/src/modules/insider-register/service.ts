import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { correctInsiderEntryBody, createInsiderEntryBody, InsiderSource } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  insiderCessations,
  insiderEntries,
  insiderProjectCleansings,
  insiderProjects,
  insiderRegisterViews,
  investmentOpportunities,
  pipelineDeals,
  users,
} from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import type { UserRow } from '../../platform/session';

export type ProjectRow = typeof insiderProjects.$inferSelect;
export type EntryRow = typeof insiderEntries.$inferSelect;
type NewEntry = typeof insiderEntries.$inferInsert;

/** The correction that replaced an entry, and the cessation of its chain (keyed by the chain's first entry). */
export const corrections = alias(insiderEntries, 'corrections');
export const recorders = alias(users, 'recorders');
export const chainOf = (entry: typeof insiderEntries) => sql`coalesce(${entry.originalId}, ${entry.id})`;

export const lowerTrim = (value: string) => value.trim().toLowerCase();

/** `Jane Q Smith` → first name `Jane`, surname `Q Smith`; a single word is the surname's too. */
export function splitName(name: string): { firstName: string; surname: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first ?? '', surname: rest.join(' ') || first || '' };
}

function personOf(user: Pick<UserRow, 'id' | 'name' | 'email' | 'roleId' | 'phone' | 'dateOfBirth'> & Partial<UserRow>) {
  const address = [user.addressLine1, user.addressLine2, user.city, user.postcode, user.country].filter(Boolean).join(', ');
  const { firstName, surname } = splitName(user.name);
  return {
    userId: user.id,
    firstName,
    surname,
    email: user.email,
    personalPhone: user.phone ?? null,
    dateOfBirth: user.dateOfBirth ?? null,
    homeAddress: address || null,
  };
}

// ——— Projects ———

export async function findProject(db: Db, id: number): Promise<ProjectRow> {
  const [row] = await db.select().from(insiderProjects).where(eq(insiderProjects.id, id));
  if (!row) throw notFound('project');
  return row;
}

async function isCleansed(db: Db, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: insiderProjectCleansings.id })
    .from(insiderProjectCleansings)
    .where(eq(insiderProjectCleansings.projectId, projectId));
  return Boolean(row);
}

export type ProjectSubject = { opportunityId: number } | { dealId: number };

const subjectWhere = (subject: ProjectSubject) =>
  'opportunityId' in subject ? eq(insiderProjects.opportunityId, subject.opportunityId) : eq(insiderProjects.dealId, subject.dealId);

/** The project of an opportunity or deal while it holds inside information (not yet cleansed). */
export async function openProjectOf(db: Db, subject: ProjectSubject): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select({ project: insiderProjects })
    .from(insiderProjects)
    .leftJoin(insiderProjectCleansings, eq(insiderProjectCleansings.projectId, insiderProjects.id))
    .where(and(subjectWhere(subject), isNull(insiderProjectCleansings.id)));
  return row?.project;
}

/** Marks an opportunity or a deal as holding inside information; one project each, ever. */
export async function openProject(
  db: Db,
  input: { opportunityId?: number; dealId?: number; description: string; openedBy: number | null; now: Date },
): Promise<ProjectRow> {
  let name: string;
  let companyName: string;
  if (input.opportunityId !== undefined) {
    const [o] = await db
      .select({ name: investmentOpportunities.name, companyName: investmentOpportunities.companyName })
      .from(investmentOpportunities)
      .where(and(eq(investmentOpportunities.id, input.opportunityId), isNull(investmentOpportunities.deletedAt)));
    if (!o) throw validationError({ opportunity_id: ['Choose an opportunity.'] });
    ({ name, companyName } = o);
  } else {
    const [d] = await db
      .select({ companyName: pipelineDeals.companyName })
      .from(pipelineDeals)
      .where(and(eq(pipelineDeals.id, input.dealId!), isNull(pipelineDeals.deletedAt)));
    if (!d) throw validationError({ deal_id: ['Choose a deal.'] });
    name = d.companyName;
    companyName = d.companyName;
  }
  const [created] = await db
    .insert(insiderProjects)
    .values({
      opportunityId: input.opportunityId ?? null,
      dealId: input.dealId ?? null,
      name,
      companyName,
      description: input.description,
      openedBy: input.openedBy,
      openedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const field = input.opportunityId !== undefined ? 'opportunity_id' : 'deal_id';
    throw validationError({ [field]: ['This already has an insider project.'] });
  }
  return created;
}

/** Projects with their count of current insiders and any cleansing, newest first. */
export async function listProjects(db: Db) {
  const current = db
    .select({ projectId: insiderEntries.projectId, total: sql<number>`count(*)::int`.as('total') })
    .from(insiderEntries)
    .leftJoin(corrections, eq(corrections.correctsId, insiderEntries.id))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, chainOf(insiderEntries)))
    .where(and(isNull(corrections.id), isNull(insiderCessations.id)))
    .groupBy(insiderEntries.projectId)
    .as('current');
  const cleansers = alias(users, 'cleansers');
  return db
    .select({
      project: insiderProjects,
      openedByName: users.name,
      currentInsiders: current.total,
      cleansing: insiderProjectCleansings,
      cleansedByName: cleansers.name,
    })
    .from(insiderProjects)
    .leftJoin(users, eq(users.id, insiderProjects.openedBy))
    .leftJoin(current, eq(current.projectId, insiderProjects.id))
    .leftJoin(insiderProjectCleansings, eq(insiderProjectCleansings.projectId, insiderProjects.id))
    .leftJoin(cleansers, eq(cleansers.id, insiderProjectCleansings.cleansedBy))
    .orderBy(sql`${insiderProjects.openedAt} desc`, sql`${insiderProjects.id} desc`);
}

// ——— Entries ———

async function insertEntry(db: Db, projectId: number, entry: Omit<NewEntry, 'projectId'>): Promise<EntryRow | undefined> {
  const [created] = await db
    .insert(insiderEntries)
    .values({ ...entry, projectId })
    .onConflictDoNothing()
    .returning();
  return created;
}

/**
 * Wall-crossing from the deal flow: an investor who accepted a market sounding (or an invitation to
 * a Live - Internal opportunity) becomes an insider of its project, with the text they were shown.
 * A market sounding on an opportunity opens its project if staff had not; a pipeline deal is placed
 * as inside information only while its project is open (decision 0062). A cleansed project records
 * nobody.
 */
export async function recordWallCrossing(
  db: Db,
  input: {
    opportunity?: { id: number; name: string };
    deal?: { id: number; name: string };
    user: UserRow;
    source: Extract<InsiderSource, 'market_sounding' | 'invitation'>;
    disclosedText: string;
    acceptanceId?: number;
    now: Date;
  },
): Promise<EntryRow | undefined> {
  const subject = input.opportunity
    ? { id: input.opportunity.id, name: input.opportunity.name, of: { opportunityId: input.opportunity.id } }
    : { id: input.deal!.id, name: input.deal!.name, of: { dealId: input.deal!.id } };
  let project = await openProjectOf(db, subject.of);
  if (!project && input.opportunity && input.source === 'market_sounding') {
    const [any] = await db.select().from(insiderProjects).where(eq(insiderProjects.opportunityId, subject.id));
    if (any) return undefined; // cleansed: the information is public now
    project = await openProject(db, {
      opportunityId: subject.id,
      description: input.disclosedText,
      openedBy: null,
      now: input.now,
    }).catch(async (error: unknown) => {
      // Two acceptances at once: the other opened it.
      const again = await openProjectOf(db, subject.of);
      if (!again) throw error;
      return again;
    });
  }
  if (!project) return undefined;
  return insertEntry(db, project.id, {
    ...personOf(input.user),
    source: input.source,
    marketSoundingAcceptanceId: input.acceptanceId ?? null,
    reason:
      input.source === 'market_sounding' ? `Accepted the market sounding of ${subject.name}` : `Accepted the invitation to ${subject.name}`,
    disclosedText: input.disclosedText || project.description,
    obtainedAt: input.now,
    recordedAt: input.now,
  });
}

/** A staff member opened a project marked as inside information: entered once per person and project. */
export async function recordProjectAccess(db: Db, subject: ProjectSubject, user: UserRow, now: Date): Promise<void> {
  const project = await openProjectOf(db, subject);
  if (!project) return;
  await insertEntry(db, project.id, {
    ...personOf(user),
    professionalPhone: user.phone ?? null,
    personalPhone: null,
    source: 'staff_access',
    function: 'Staff',
    reason: `Opened ${project.name} in the back office`,
    disclosedText: project.description,
    obtainedAt: now,
    recordedAt: now,
  });
}

type PersonInput = z.output<typeof correctInsiderEntryBody>;

function personColumns(input: PersonInput) {
  return {
    firstName: input.first_name,
    surname: input.surname,
    birthSurname: input.birth_surname ?? null,
    email: input.email ?? null,
    professionalPhone: input.professional_phone ?? null,
    companyName: input.company_name ?? null,
    companyAddress: input.company_address ?? null,
    function: input.function ?? null,
    reason: input.reason,
    dateOfBirth: input.date_of_birth ?? null,
    nationalId: input.national_id ?? null,
    personalPhone: input.personal_phone ?? null,
    homeAddress: input.home_address ?? null,
    obtainedAt: new Date(input.obtained_at),
  };
}

/** A person staff enter on a project by hand. */
export async function createManualEntry(db: Db, input: z.output<typeof createInsiderEntryBody>, recordedBy: number, now: Date) {
  const project = await findProject(db, input.project_id).catch(() => {
    throw validationError({ project_id: ['Choose a project.'] });
  });
  if (await isCleansed(db, project.id))
    throw validationError({ project_id: ['This project is cleansed: nobody becomes an insider of it now.'] });
  if (input.user_id !== undefined) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.user_id), isNull(users.deletedAt)));
    if (!user) throw validationError({ user_id: ['Choose a person.'] });
  }
  const created = await insertEntry(db, project.id, {
    ...personColumns(input),
    userId: input.user_id ?? null,
    source: 'manual',
    recordedBy,
    recordedAt: now,
  });
  if (!created)
    throw validationError({ user_id: ['This person is already on the insider list of this project; correct their entry instead.'] });
  return created;
}

/** A correction: a new entry restating the one it corrects, which stays as it was. */
export async function correctEntry(db: Db, id: number, input: PersonInput, recordedBy: number, now: Date) {
  const [corrected] = await db.select().from(insiderEntries).where(eq(insiderEntries.id, id)).for('update');
  if (!corrected) throw notFound('entry');
  const [later] = await db.select({ id: insiderEntries.id }).from(insiderEntries).where(eq(insiderEntries.correctsId, id));
  if (later) throw new AppError('conflict', `Entry ${id} was already corrected by entry ${later.id}; correct that one instead.`);
  const [created] = await db
    .insert(insiderEntries)
    .values({
      ...personColumns(input),
      projectId: corrected.projectId,
      userId: corrected.userId,
      source: 'correction',
      correctsId: corrected.id,
      originalId: corrected.originalId ?? corrected.id,
      disclosedText: corrected.disclosedText,
      recordedBy,
      recordedAt: now,
    })
    .returning();
  return created;
}

/** Entries with their project, recorder, correction and cessation, for the list, the export and the PDF. */
export function entryRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      entry: insiderEntries,
      projectName: insiderProjects.name,
      projectCompany: insiderProjects.companyName,
      recordedByName: recorders.name,
      correctedById: corrections.id,
      ceasedAt: insiderCessations.ceasedAt,
      ceasedReason: insiderCessations.reason,
    })
    .from(insiderEntries)
    .innerJoin(insiderProjects, eq(insiderProjects.id, insiderEntries.projectId))
    .leftJoin(recorders, eq(recorders.id, insiderEntries.recordedBy))
    .leftJoin(corrections, eq(corrections.correctsId, insiderEntries.id))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, chainOf(insiderEntries)))
    .where(where)
    .$dynamic();
}
export type EntryListRow = Awaited<ReturnType<ReturnType<typeof entryRows>['execute']>>[number];

export function countEntries(db: Db, where: SQL | undefined) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(insiderEntries)
    .leftJoin(corrections, eq(corrections.correctsId, insiderEntries.id))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, chainOf(insiderEntries)))
    .where(where)
    .$dynamic();
}

/** The people to tell when a project is cleansed: its current insiders, now ceased. */
export interface CeasedInsider {
  userId: number | null;
  email: string | null;
  name: string;
  roleId: number | null;
}

/**
 * Cleansing: the information was made public or the project abandoned. Every current insider's
 * chain gets its cessation, all at the same time, in the caller's transaction.
 */
export async function cleanseProject(
  tx: Db,
  projectId: number,
  input: { reason: 'made_public' | 'abandoned'; note?: string | null },
  cleansedBy: number,
  now: Date,
): Promise<{ project: ProjectRow; ceased: CeasedInsider[] }> {
  const [project] = await tx.select().from(insiderProjects).where(eq(insiderProjects.id, projectId)).for('update');
  if (!project) throw notFound('project');
  const [cleansing] = await tx
    .insert(insiderProjectCleansings)
    .values({ projectId, reason: input.reason, note: input.note ?? null, cleansedBy, cleansedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!cleansing) throw new AppError('conflict', 'This project is already cleansed.');
  const current = await tx
    .select({ chain: chainOf(insiderEntries).mapWith(Number), entry: insiderEntries, roleId: users.roleId })
    .from(insiderEntries)
    .leftJoin(corrections, eq(corrections.correctsId, insiderEntries.id))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, chainOf(insiderEntries)))
    .leftJoin(users, eq(users.id, insiderEntries.userId))
    .where(and(eq(insiderEntries.projectId, projectId), isNull(corrections.id), isNull(insiderCessations.id)))
    .orderBy(asc(insiderEntries.id));
  if (current.length) {
    const reason = input.reason === 'made_public' ? 'Project cleansed: information made public' : 'Project cleansed: project abandoned';
    await tx.insert(insiderCessations).values(
      current.map((c) => ({
        entryId: c.chain,
        cleansingId: cleansing.id,
        reason,
        ceasedAt: now,
        recordedBy: cleansedBy,
        recordedAt: now,
      })),
    );
  }
  return {
    project,
    ceased: current.map((c) => ({
      userId: c.entry.userId,
      email: c.entry.email,
      name: `${c.entry.firstName} ${c.entry.surname}`.trim(),
      roleId: c.roleId,
    })),
  };
}

// ——— Views of the register ———

export async function logRegisterView(
  db: Db,
  input: {
    userId: number;
    view: 'list' | 'export_csv' | 'export_xlsx' | 'pdf';
    filters: Record<string, unknown>;
    projectId?: number;
    ip: string;
    now: Date;
  },
) {
  const filters = Object.fromEntries(Object.entries(input.filters).map(([k, v]) => [k, String(v)]));
  await db.insert(insiderRegisterViews).values({
    userId: input.userId,
    view: input.view,
    filters,
    projectId: input.projectId ?? null,
    ip: input.ip,
    viewedAt: input.now,
  });
}
