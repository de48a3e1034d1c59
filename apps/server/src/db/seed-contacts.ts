import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { DEFAULT_LEAD_STATUSES, INVESTOR_INTEREST_OPTIONS, Role, scoreRiskProfile } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { callLogs, contacts, documents, leadStatuses, notes, questionnaireAnswers, tasks, users } from './schema';

const FIRST = [
  'Alice',
  'Ben',
  'Chloe',
  'Daniel',
  'Ella',
  'Finn',
  'Georgia',
  'Hugo',
  'Imogen',
  'James',
  'Kate',
  'Luke',
  'Molly',
  'Nathan',
  'Olivia',
  'Patrick',
  'Rosie',
  'Sam',
  'Tara',
  'Will',
];
const LAST = [
  'Ashworth',
  'Barker',
  'Carver',
  'Dawson',
  'Ellis',
  'Fletcher',
  'Graham',
  'Hughes',
  'Irving',
  'Jennings',
  'Knight',
  'Lawson',
  'Marsh',
  'Norris',
  'Owen',
  'Porter',
];
const COMPANIES = [
  'Northgate Capital',
  'Brightside Dental',
  'Harbour Legal LLP',
  'Fenwick & Co',
  null,
  'Oakfield Family Office',
  null,
  'Kestrel Engineering',
  'Self-employed',
  null,
];
const SOURCES = ['Angel dinner', 'Referral', 'Website enquiry', 'EIS webinar', 'LinkedIn', 'Accountant introduction'];
const NOTES = [
  '<p>Met at the spring dinner; keen on healthtech.</p>',
  '<p>Prefers EIS-qualifying rounds, tickets of £10k–£25k.</p>',
  '<p>Asked for the last three update reports.</p>',
  '<p>Will decide after speaking to their accountant.</p>',
];

const RISK_ANSWERS = {
  loss_reaction: 'hold',
  capacity_for_loss: 'slightly',
  liquidity_need: 'unlikely',
  return_preference: 'growth',
  knowledge: 'good',
  portion: '5_to_10',
};

/**
 * Leads for the demo (README "What the demo holds"): the default lead statuses, 300 contacts spread
 * over statuses, lead statuses, owners and interests with notes, calls, tasks, a document and
 * questionnaires on some, and questionnaires on investor@demo.test. Idempotent.
 */
export async function seedContacts({ db, storage }: Pick<AppContext, 'db' | 'storage'>, now: Date): Promise<void> {
  const [{ statuses }] = await db.select({ statuses: count() }).from(leadStatuses);
  if (Number(statuses) === 0) await db.insert(leadStatuses).values(DEFAULT_LEAD_STATUSES.map((name, position) => ({ name, position })));
  const leadStatusIds = (await db.select({ id: leadStatuses.id }).from(leadStatuses).orderBy(asc(leadStatuses.position))).map((s) => s.id);
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.roleId, Role.User),
        inArray(users.email, ['superadmin@demo.test', 'manager@demo.test', 'adviser@demo.test', 'committee@demo.test']),
      ),
    );
  const admin = staff.find((s) => s.email === 'superadmin@demo.test') ?? staff[0];

  const [{ existing }] = await db.select({ existing: count() }).from(contacts);
  if (Number(existing) === 0) {
    const day = 24 * 60 * 60 * 1000;
    const rows = Array.from({ length: 300 }, (_, i) => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const created = new Date(now.getTime() - ((i * 37) % 400) * day);
      return {
        name: `${first} ${last}`,
        email: i % 9 === 8 ? null : `${first}.${last}${i}@leads.demo.test`.toLowerCase(),
        phone: i % 4 === 0 ? null : `07700 9${String(i).padStart(5, '0')}`,
        company: COMPANIES[i % COMPANIES.length],
        source: SOURCES[i % SOURCES.length],
        interest: i % 5 === 4 ? null : INVESTOR_INTEREST_OPTIONS[i % 3],
        status: i % 10 < 6 ? 1 : i % 10 < 9 ? 2 : 3,
        leadStatusId: i % 7 === 6 ? null : leadStatusIds[i % leadStatusIds.length],
        ownerId: i % 6 === 5 || !staff.length ? null : staff[i % staff.length].id,
        createdBy: admin?.id ?? null,
        createdAt: created,
        updatedAt: created,
      };
    });
    const inserted = await db.insert(contacts).values(rows).returning({ id: contacts.id, createdAt: contacts.createdAt });
    const some = inserted.filter((_, i) => i % 4 === 0);
    await db.insert(notes).values(
      some.map((c, i) => ({
        subjectType: 'contact',
        subjectId: c.id,
        body: NOTES[i % NOTES.length],
        authorId: admin?.id ?? null,
        createdAt: c.createdAt,
      })),
    );
    await db.insert(callLogs).values(
      some
        .filter((_, i) => i % 2 === 0)
        .map((c, i) => ({
          subjectType: 'contact',
          subjectId: c.id,
          calledAt: c.createdAt,
          direction: i % 2 ? ('inbound' as const) : ('outbound' as const),
          durationMinutes: 10 + (i % 20),
          summary: 'Talked through the current opportunities.',
          authorId: admin?.id ?? null,
        })),
    );
    await db.insert(tasks).values(
      some
        .filter((_, i) => i % 3 === 0)
        .map((c, i) => ({
          subjectType: 'contact',
          subjectId: c.id,
          title: i % 2 ? 'Send the information memorandum' : 'Book an introductory call',
          assigneeId: admin?.id ?? null,
          dueDate: new Date(now.getTime() + ((i % 30) - 5) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
          createdBy: admin?.id ?? null,
        })),
    );
    const answered = inserted.filter((_, i) => i % 10 === 0);
    await db.insert(questionnaireAnswers).values(
      answered.flatMap((c, i) => [
        {
          subjectType: 'contact' as const,
          subjectId: c.id,
          form: 'fact_find',
          answers: {
            employment_status: 'director',
            annual_income: String(60000 + i * 5000),
            investment_experience: 'moderate',
            objectives: ['capital_growth', 'tax_relief'],
            time_horizon: '5_to_10',
          },
          submittedBy: admin?.id ?? null,
          updatedBy: admin?.id ?? null,
        },
        {
          subjectType: 'contact' as const,
          subjectId: c.id,
          form: 'risk_profile',
          answers: RISK_ANSWERS,
          result: scoreRiskProfile(RISK_ANSWERS) as unknown as Record<string, unknown>,
          submittedBy: admin?.id ?? null,
          updatedBy: admin?.id ?? null,
        },
      ]),
    );
    // A short text document on the first lead, filed like any upload.
    const text = Buffer.from('Introductory call notes\n\nInterested in EIS healthtech rounds; follow up in March.\n');
    const storageKey = await storage.put('documents', { filename: 'intro-call.txt', mimetype: 'text/plain', data: text });
    await db.insert(documents).values({
      subjectType: 'contact',
      subjectId: inserted[0].id,
      name: 'Introductory call notes',
      originalFilename: 'intro-call.txt',
      mimeType: 'text/plain',
      sizeBytes: text.length,
      sha256: createHash('sha256').update(text).digest('hex'),
      storageKey,
      visibility: 'private',
      uploadedBy: admin?.id ?? null,
    });
  }

  const [investor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
  if (investor) {
    const by = admin?.id ?? null;
    await db
      .insert(questionnaireAnswers)
      .values([
        {
          subjectType: 'user',
          subjectId: investor.id,
          form: 'registration',
          answers: {
            title: 'Ms',
            first_name: 'Isla',
            last_name: 'Investor',
            date_of_birth: '1979-06-14',
            nationality: 'British',
            address_line1: '12 Queen Street',
            city: 'Edinburgh',
            postcode: 'EH2 1JE',
            country: 'United Kingdom',
            tax_residence: 'United Kingdom',
            ni_number: 'AB123456C',
            us_person: false,
            bank_account_name: 'I Investor',
            bank_sort_code: '800551',
            bank_account_number: '10293847',
          },
          submittedBy: by,
          updatedBy: by,
        },
        {
          subjectType: 'user',
          subjectId: investor.id,
          form: 'risk_profile',
          answers: RISK_ANSWERS,
          result: scoreRiskProfile(RISK_ANSWERS) as unknown as Record<string, unknown>,
          submittedBy: by,
          updatedBy: by,
        },
        {
          subjectType: 'user',
          subjectId: investor.id,
          form: 'consent',
          answers: {
            data_processing: { given: true, date: '2026-01-10' },
            electronic_communications: { given: true, date: '2026-01-10' },
            marketing_email: { given: false, date: null },
          },
          submittedBy: by,
          updatedBy: by,
        },
      ])
      .onConflictDoNothing();
  }
}
