import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Role } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { addressRecipients, investorReportPath } from '../modules/update-reports';
import { notifyUser } from '../shared/notifications';
import {
  clientGroupMembers,
  clientGroups,
  documents,
  funds,
  investmentOpportunities,
  updateReportClientGroups,
  updateReportQuestions,
  updateReportRecipients,
  updateReports,
  users,
} from './schema';

const DAY = 24 * 60 * 60 * 1000;

/** Report type ids of migration 0021. */
const TYPE = { quarterly: 1, annual: 2, news: 3 } as const;
const SUB = { q1: 4, q2: 5, q4: 7, round: 8, exit: 9 } as const;

interface DemoUpdate {
  title: string;
  type: number;
  subType: number | null;
  about: { company: string } | { fund: string } | null;
  audience: 'all' | 'holders' | 'groups';
  /** Days before the seed ran it was published; null leaves a draft. */
  publishedDaysAgo: number | null;
  /** Whether investor@demo.test has opened it. */
  openedByIsla?: boolean;
  scheduledInDays?: number;
  attachment?: string;
  body: string;
}

const UPDATES: DemoUpdate[] = [
  {
    title: 'Orbital Freight: Q1 2026 quarterly update',
    type: TYPE.quarterly,
    subType: SUB.q1,
    about: { company: 'Orbital Freight Series A' },
    audience: 'holders',
    publishedDaysAgo: 5,
    attachment: 'Q1 2026 management accounts',
    body: '<h2>Highlights</h2><ul><li>Revenue up 34% on the quarter to £1.9m.</li><li>Fleet grown from 48 to 61 electric vans.</li><li>Second charging depot opened in Daventry.</li></ul><p>Gross margin held at 38% despite higher energy prices. The team expects to reach break-even on a monthly basis in the fourth quarter.</p>',
  },
  {
    title: 'Brightwater Foods: Q4 2025 quarterly update',
    type: TYPE.quarterly,
    subType: SUB.q4,
    about: { company: 'Brightwater Foods Seed' },
    audience: 'holders',
    publishedDaysAgo: 40,
    openedByIsla: true,
    attachment: 'Q4 2025 management accounts',
    body: '<p>Brightwater now supplies 164 schools and two NHS trusts. Sales grew 12% on the quarter, slower than planned after a supplier delay in November.</p><p>The board has agreed a cost plan that extends the runway to March 2027.</p>',
  },
  {
    title: 'Quillon Security: exit completed',
    type: TYPE.news,
    subType: SUB.exit,
    about: { company: 'Quillon Security Exit' },
    audience: 'holders',
    publishedDaysAgo: 100,
    openedByIsla: true,
    body: '<p>The sale of Quillon Security to a listed security group has completed. Proceeds have been paid to holders at £2.48 a share, 3.1 times the price of the seed round.</p>',
  },
  {
    title: 'Northern Growth EIS Fund 2021: 2025 annual report',
    type: TYPE.annual,
    subType: null,
    about: { fund: 'Northern Growth EIS Fund 2021' },
    audience: 'holders',
    publishedDaysAgo: 60,
    openedByIsla: true,
    attachment: '2025 annual report',
    body: '<p>The fund’s NAV per unit rose 8% over 2025. Two portfolio companies raised follow-on rounds at higher valuations; one was written down.</p>',
  },
  {
    title: 'Albion Seed SEIS Fund 2023: Q1 2026 fund update',
    type: TYPE.quarterly,
    subType: SUB.q1,
    about: { fund: 'Albion Seed SEIS Fund 2023' },
    audience: 'holders',
    publishedDaysAgo: 3,
    attachment: 'Q1 2026 fund report',
    body: '<p>The fund made three new SEIS investments this quarter and is now 72% deployed. A distribution is not expected before 2028.</p>',
  },
  {
    title: 'Co-investment club: spring briefing',
    type: TYPE.news,
    subType: SUB.round,
    about: null,
    audience: 'groups',
    publishedDaysAgo: 10,
    body: '<p>Three portfolio companies plan follow-on rounds this spring. Members of the club will be offered allocations first.</p>',
  },
  {
    title: 'Orbital Freight: Q2 2026 quarterly update',
    type: TYPE.quarterly,
    subType: SUB.q2,
    about: { company: 'Orbital Freight Series A' },
    audience: 'holders',
    publishedDaysAgo: null,
    scheduledInDays: 30,
    attachment: 'Q2 2026 management accounts',
    body: '<p>Draft: figures to follow once the quarter closes.</p>',
  },
  {
    title: 'Brightwater Foods: new distribution deal',
    type: TYPE.news,
    subType: null,
    about: { company: 'Brightwater Foods Seed' },
    audience: 'holders',
    publishedDaysAgo: null,
    body: '<p>Draft: Brightwater has signed a distribution agreement with a national catering group.</p>',
  },
];

async function demoPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 60, y: 760, size: 18, font });
  page.drawText('Demo document.', { x: 60, y: 720, size: 11, font });
  return Buffer.from(await pdf.save());
}

/**
 * Demo update reports: published updates about three companies and both funds (most reaching
 * investor@demo.test, some read), drafts with attachments (one scheduled), a client group with an
 * update addressed to it, and a question answered to the audience. Idempotent: once any update
 * exists, nothing is added.
 */
export async function seedUpdateReports({ db, realtime, storage }: Pick<AppContext, 'db' | 'realtime' | 'storage'>, now: Date) {
  const [{ existing }] = await db.select({ existing: sql<number>`count(*)`.mapWith(Number) }).from(updateReports);
  if (existing > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.test'));
  const [isla] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  const companies = await db
    .select({ id: investmentOpportunities.id, name: investmentOpportunities.name })
    .from(investmentOpportunities)
    .where(isNull(investmentOpportunities.deletedAt));
  const fundRows = await db.select({ id: funds.id, name: funds.name }).from(funds).where(isNull(funds.deletedAt));

  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, Role.User), sql`${users.email} like '%@example.test'`))
    .orderBy(users.id)
    .limit(5);
  const [club] = await db
    .insert(clientGroups)
    .values({ name: 'Co-investment club', description: 'Investors offered follow-on allocations first.' })
    .returning();
  const members = [...(isla ? [isla.id] : []), ...others.map((o) => o.id)];
  if (members.length) await db.insert(clientGroupMembers).values(members.map((userId) => ({ groupId: club.id, userId })));

  for (const update of UPDATES) {
    const about = update.about;
    const opportunityId = about && 'company' in about ? companies.find((c) => c.name === about.company)?.id : undefined;
    const fundId = about && 'fund' in about ? fundRows.find((f) => f.name === about.fund)?.id : undefined;
    if (about && opportunityId === undefined && fundId === undefined) continue;
    const publishedAt = update.publishedDaysAgo === null ? null : new Date(now.getTime() - update.publishedDaysAgo * DAY);
    const [report] = await db
      .insert(updateReports)
      .values({
        title: update.title,
        status: publishedAt ? 2 : 1,
        reportTypeId: update.type,
        reportSubTypeId: update.subType,
        body: update.body,
        opportunityId: opportunityId ?? null,
        fundId: fundId ?? null,
        audience: update.audience,
        publishAt: update.scheduledInDays ? new Date(now.getTime() + update.scheduledInDays * DAY) : null,
        publishedAt,
        createdBy: admin?.id ?? null,
        createdAt: new Date((publishedAt ?? now).getTime() - 2 * DAY),
      })
      .returning();
    if (update.audience === 'groups') await db.insert(updateReportClientGroups).values({ updateReportId: report.id, groupId: club.id });
    if (update.attachment) {
      const data = await demoPdf(update.attachment);
      const storageKey = await storage.put('documents', { filename: 'attachment.pdf', mimetype: 'application/pdf', data });
      await db.insert(documents).values({
        subjectType: 'update_report',
        subjectId: report.id,
        name: update.attachment,
        originalFilename: `${update.attachment.toLowerCase().replace(/\s+/g, '-')}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        storageKey,
        visibility: 'public',
        uploadedBy: admin?.id ?? null,
      });
    }
    if (!publishedAt) continue;
    await addressRecipients(db, report);
    // Readers opened what they read a day after it came out.
    const openedIds = await db
      .select({ userId: updateReportRecipients.userId })
      .from(updateReportRecipients)
      .where(eq(updateReportRecipients.updateReportId, report.id));
    const readers = openedIds.map((r) => r.userId).filter((id, i) => (id === isla?.id ? update.openedByIsla : i % 2 === 0));
    if (readers.length)
      await db
        .update(updateReportRecipients)
        .set({ openedAt: new Date(publishedAt.getTime() + DAY) })
        .where(and(eq(updateReportRecipients.updateReportId, report.id), inArray(updateReportRecipients.userId, readers)));

    const reachedIsla = isla && openedIds.some((r) => r.userId === isla.id);
    if (reachedIsla && update.subType === SUB.q1 && opportunityId !== undefined) {
      // The latest company update: investor@demo.test is told, and asked a question answered to all.
      await notifyUser({ db, realtime }, isla.id, {
        message: `<p>A new quarterly update report has been published: <strong>${update.title}</strong></p>`,
        icon: 'update_reports',
        cta: investorReportPath(report.id),
      });
      await db.insert(updateReportQuestions).values({
        updateReportId: report.id,
        askedBy: isla.id,
        question: 'Is the Daventry depot owned or leased?',
        answer: 'Leased for ten years, with an option to buy in year five.',
        answerVisibility: 'audience',
        answeredBy: admin?.id ?? null,
        answeredAt: new Date(publishedAt.getTime() + 2 * DAY),
        createdAt: new Date(publishedAt.getTime() + DAY),
      });
    }
  }
}
