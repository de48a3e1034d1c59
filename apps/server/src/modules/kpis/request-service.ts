import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  KPI_REQUEST_LAST_REMINDER_DAYS_BEFORE_EXPIRY,
  KPI_REQUEST_LIFETIME_DAYS,
  KPI_REQUEST_REMINDER_DAYS,
  type KpiRequest,
  type KpiRequestForm,
  type KpiRequestStatus,
  kpiPeriodKey,
  resolveTerminology,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentOpportunities,
  kpiCategories,
  kpiRequestItems,
  kpiRequestLinks,
  kpiRequests,
  kpis,
  kpiValues,
  users,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { loadSettings } from '../../shared/settings';
import { trimDecimal } from './service';

export type RequestRow = typeof kpiRequests.$inferSelect;
type MailContext = Pick<AppContext, 'mailer' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const requestLifetimeMs = KPI_REQUEST_LIFETIME_DAYS * DAY_MS;

/** When the reminders of a request sent at `sentAt` go out: 3 and 7 days on, and a day before its link expires. */
export function reminderSchedule(sentAt: Date, expiresAt: Date): Date[] {
  const times = [
    ...KPI_REQUEST_REMINDER_DAYS.map((days) => sentAt.getTime() + days * DAY_MS),
    expiresAt.getTime() - KPI_REQUEST_LAST_REMINDER_DAYS_BEFORE_EXPIRY * DAY_MS,
  ];
  return [...new Set(times)]
    .filter((t) => t > sentAt.getTime() && t < expiresAt.getTime())
    .sort((a, b) => a - b)
    .map((t) => new Date(t));
}

/** What a request is now: a 'sent' request whose link has run out is expired. */
export function effectiveStatus(row: Pick<RequestRow, 'status' | 'expiresAt'>, now: Date): KpiRequestStatus {
  return row.status === 'sent' && row.expiresAt <= now ? 'expired' : row.status;
}

/** The SQL of one listed status, 'expired' and 'sent' told apart by the link's expiry. */
export function statusCondition(status: KpiRequestStatus, now: Date): SQL | undefined {
  if (status === 'expired') return and(eq(kpiRequests.status, 'sent'), lte(kpiRequests.expiresAt, now));
  if (status === 'sent') return and(eq(kpiRequests.status, 'sent'), sql`${kpiRequests.expiresAt} > ${now.toISOString()}`);
  return eq(kpiRequests.status, status);
}

/** A new link for a request: the raw token goes into the mail, only its hash is kept. */
export async function issueLink(tx: Pick<Db, 'insert'>, requestId: number): Promise<string> {
  const token = randomToken(32);
  await tx.insert(kpiRequestLinks).values({ requestId, tokenHash: sha256(token) });
  return token;
}

export const requestPath = (token: string) => `/kpi-request/${token}`;

interface RequestMail {
  request: RequestRow;
  companyName: string;
  token: string;
  kind: 'request' | 'reminder';
}

/** The mail to the company's contact: what is asked, the link, and until when it works. */
export async function enqueueRequestMail(ctx: MailContext, tx: Db, { request, companyName, token, kind }: RequestMail) {
  const product = resolveTerminology((await loadSettings(tx)).navigation).pageTitle;
  const period = kpiPeriodKey(request.frequency, request.periodStart);
  const url = `${ctx.config.appUrl}${requestPath(token)}`;
  const until = request.expiresAt.toISOString().slice(0, 10);
  const subject = kind === 'reminder' ? `Reminder: ${companyName} KPIs for ${period}` : `${companyName} KPIs for ${period}`;
  const lines = [
    `Dear ${request.contactName},`,
    '',
    kind === 'reminder'
      ? `We have not yet received ${companyName}'s KPIs for ${period}.`
      : `${product} asks for ${companyName}'s KPIs for ${period}.`,
    ...(request.rejectionReason && kind === 'request' ? ['', `Your previous answer was returned: ${request.rejectionReason}`] : []),
    ...(request.message ? ['', request.message] : []),
    '',
    `Enter them here (no account needed): ${url}`,
    '',
    `The link works once and until ${until}.`,
    '',
    `— ${product}`,
  ];
  await ctx.mailer.enqueue({ to: request.contactEmail, subject, text: lines.join('\n') }, tx);
}

/**
 * Sends every reminder that has fallen due, one request at a time, each claimed with FOR UPDATE
 * SKIP LOCKED so two instances never send the same reminder. A request whose reminders fell due
 * while the app was down gets one reminder, not a burst: the ones already past are counted as gone.
 */
export async function sendDueReminders(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>): Promise<number> {
  let sent = 0;
  while (true) {
    const now = ctx.clock.now();
    const done = await ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(kpiRequests)
        .where(
          and(
            eq(kpiRequests.status, 'sent'),
            lte(kpiRequests.nextReminderAt, now),
            sql`${kpiRequests.expiresAt} > ${now.toISOString()}`,
            isNull(kpiRequests.deletedAt),
          ),
        )
        .orderBy(asc(kpiRequests.nextReminderAt), asc(kpiRequests.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      const schedule = reminderSchedule(due.sentAt, due.expiresAt);
      const gone = schedule.filter((t) => t <= now).length;
      await tx
        .update(kpiRequests)
        .set({ remindersSent: gone, nextReminderAt: schedule[gone] ?? null, updatedAt: now })
        .where(eq(kpiRequests.id, due.id));
      const [company] = await tx
        .select({ name: investmentOpportunities.companyName })
        .from(investmentOpportunities)
        .where(eq(investmentOpportunities.id, due.opportunityId));
      await enqueueRequestMail(ctx, tx, { request: due, companyName: company.name, token: await issueLink(tx, due.id), kind: 'reminder' });
      return true;
    });
    if (!done) return sent;
    sent += 1;
  }
}

/** The request a link names, locked for an answer when `forUpdate`; an unknown or replaced link is a 404. */
export async function findByToken(db: Db, token: string, forUpdate = false) {
  const query = db
    .select({ request: kpiRequests, companyName: investmentOpportunities.companyName, currency: investmentOpportunities.currency })
    .from(kpiRequestLinks)
    .innerJoin(kpiRequests, eq(kpiRequests.id, kpiRequestLinks.requestId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, kpiRequests.opportunityId))
    .where(and(eq(kpiRequestLinks.tokenHash, sha256(token)), isNull(kpiRequests.deletedAt)));
  const [found] = forUpdate ? await query.for('update', { of: kpiRequests }) : await query;
  if (!found) throw new AppError('not_found', 'This link is not valid. Ask the person who sent it for a new one.');
  return found;
}

/** The requested KPIs that still exist, in category and name order. */
async function requestedKpis(db: Db, requestId: number) {
  return db
    .select({ id: kpis.id, name: kpis.name, unit: kpis.unit, category: kpiCategories.name, submitted: kpiRequestItems.submittedValue })
    .from(kpiRequestItems)
    .innerJoin(kpis, eq(kpis.id, kpiRequestItems.kpiId))
    .innerJoin(kpiCategories, eq(kpiCategories.id, kpis.categoryId))
    .where(and(eq(kpiRequestItems.requestId, requestId), isNull(kpis.deletedAt)))
    .orderBy(asc(kpiCategories.name), asc(kpis.name));
}

/** What the founder's page shows for a link. */
export async function presentForm(db: Db, found: Awaited<ReturnType<typeof findByToken>>, now: Date): Promise<KpiRequestForm> {
  const { request } = found;
  const base = { company_name: found.companyName, period: kpiPeriodKey(request.frequency, request.periodStart) };
  const status = effectiveStatus(request, now);
  if (status === 'cancelled') return { state: 'cancelled', ...base };
  if (status === 'expired') return { state: 'expired', ...base, expired_at: request.expiresAt.toISOString() };
  if (status !== 'sent') return { state: 'answered', ...base, submitted_at: (request.submittedAt ?? request.updatedAt).toISOString() };
  return {
    state: 'open',
    ...base,
    currency: found.currency,
    contact_name: request.contactName,
    message: request.message,
    expires_at: request.expiresAt.toISOString(),
    kpis: (await requestedKpis(db, request.id)).map(({ submitted: _s, ...kpi }) => kpi),
  };
}

/** Why a link no longer takes an answer (409), or nothing while it is open. */
export function assertOpen(request: RequestRow, now: Date) {
  const status = effectiveStatus(request, now);
  if (status === 'expired') throw new AppError('conflict', 'This link has expired. Ask the person who sent it for a new one.');
  if (status === 'cancelled') throw new AppError('conflict', 'This request was withdrawn: there is nothing to send.');
  if (status !== 'sent') throw new AppError('conflict', 'These KPIs have already been sent: the link works only once.');
}

export async function findRequest(db: Db, id: number, forUpdate = false): Promise<RequestRow> {
  const query = db
    .select()
    .from(kpiRequests)
    .where(and(eq(kpiRequests.id, id), isNull(kpiRequests.deletedAt)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('KPI request');
  return row;
}

/** The values already recorded for a request's company, KPIs and period, by KPI id. */
export async function currentValues(db: Db, rows: Array<Pick<RequestRow, 'id' | 'opportunityId' | 'periodStart'>>) {
  const byRequest = new Map<number, Map<number, { id: number; value: string }>>();
  if (!rows.length) return byRequest;
  const found = await db
    .select({ requestId: kpiRequests.id, kpiId: kpiValues.kpiId, id: kpiValues.id, value: kpiValues.value })
    .from(kpiRequests)
    .innerJoin(kpiRequestItems, eq(kpiRequestItems.requestId, kpiRequests.id))
    .innerJoin(
      kpiValues,
      and(
        eq(kpiValues.opportunityId, kpiRequests.opportunityId),
        eq(kpiValues.kpiId, kpiRequestItems.kpiId),
        eq(kpiValues.periodStart, kpiRequests.periodStart),
        isNull(kpiValues.deletedAt),
      ),
    )
    .where(
      inArray(
        kpiRequests.id,
        rows.map((r) => r.id),
      ),
    );
  for (const f of found) {
    const map = byRequest.get(f.requestId) ?? new Map();
    map.set(f.kpiId, { id: f.id, value: f.value });
    byRequest.set(f.requestId, map);
  }
  return byRequest;
}

/** Requests as staff read them: the company, who sent and reviewed them, and each KPI's submitted, accepted and current value. */
export async function presentRequests(db: Db, rows: RequestRow[], now: Date): Promise<KpiRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const people = [...new Set(rows.flatMap((r) => [r.createdBy, r.reviewedBy]).filter((id): id is number => id !== null))];
  const [companies, names, items, current] = await Promise.all([
    db
      .select({
        id: investmentOpportunities.id,
        name: investmentOpportunities.name,
        company_name: investmentOpportunities.companyName,
        currency: investmentOpportunities.currency,
      })
      .from(investmentOpportunities)
      .where(inArray(investmentOpportunities.id, [...new Set(rows.map((r) => r.opportunityId))])),
    people.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)) : [],
    db
      .select({ item: kpiRequestItems, name: kpis.name, unit: kpis.unit })
      .from(kpiRequestItems)
      .innerJoin(kpis, eq(kpis.id, kpiRequestItems.kpiId))
      .where(inArray(kpiRequestItems.requestId, ids))
      .orderBy(asc(kpis.name)),
    currentValues(db, rows),
  ]);
  const company = new Map(companies.map((c) => [c.id, c]));
  const person = (id: number | null) => {
    const found = id === null ? undefined : names.find((n) => n.id === id);
    return found ? { id: found.id, name: found.name } : null;
  };
  const decimal = (value: string | null | undefined) => (value == null ? null : trimDecimal(value));
  return rows.map((r) => ({
    id: r.id,
    opportunity: company.get(r.opportunityId) ?? { id: r.opportunityId, name: '', company_name: '', currency: 'GBP' },
    period: kpiPeriodKey(r.frequency, r.periodStart),
    frequency: r.frequency,
    contact_name: r.contactName,
    contact_email: r.contactEmail,
    message: r.message,
    status: effectiveStatus(r, now),
    sent_at: r.sentAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    reminders_sent: r.remindersSent,
    submitted_at: r.submittedAt?.toISOString() ?? null,
    founder_comment: r.founderComment,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    reviewed_by: person(r.reviewedBy),
    rejection_reason: r.rejectionReason,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    created_by: person(r.createdBy),
    items: items
      .filter((i) => i.item.requestId === r.id)
      .map((i) => ({
        kpi: { id: i.item.kpiId, name: i.name, unit: i.unit },
        submitted_value: decimal(i.item.submittedValue),
        accepted_value: decimal(i.item.acceptedValue),
        current_value: decimal(current.get(r.id)?.get(i.item.kpiId)?.value),
      })),
  }));
}

/** A request still waiting for an answer for this company and period blocks a second one. */
export async function openRequestFor(db: Db, opportunityId: number, periodStart: string, frequency: RequestRow['frequency'], now: Date) {
  const [open] = await db
    .select({ id: kpiRequests.id })
    .from(kpiRequests)
    .where(
      and(
        eq(kpiRequests.opportunityId, opportunityId),
        eq(kpiRequests.periodStart, periodStart),
        eq(kpiRequests.frequency, frequency),
        isNull(kpiRequests.deletedAt),
        or(eq(kpiRequests.status, 'submitted'), and(eq(kpiRequests.status, 'sent'), sql`${kpiRequests.expiresAt} > ${now.toISOString()}`)),
      ),
    )
    .limit(1);
  return open;
}
