import { createHash } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { categorisationExpiresAt, INVESTOR_CATEGORIES, KYC_STATUSES, ONBOARDING_FOLDER, Role } from '@platform/domain';
import type { AppContext } from '../platform/context';
import type { Db } from './client';
import { attributes, attributeValues, documents, folders, investorCategorisations, notes, tasks, users } from './schema';

/** Demo investors live at this domain: their presence is what makes the seed idempotent. */
const DOMAIN = 'investors.demo.test';
const COUNT = 300;

const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Arthur',
  'Mia',
  'Noah',
  'Ivy',
  'Leo',
  'Freya',
  'Oscar',
  'Lily',
  'Harry',
  'Rosie',
  'Theo',
  'Grace',
  'Jack',
  'Sophia',
  'Alfie',
  'Priya',
  'Arjun',
  'Mei',
  'Kwame',
  'Zara',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Wright',
  'Walker',
  'Hughes',
  'Edwards',
  'Khan',
  'Green',
  'Clarke',
  'Hall',
  'Wood',
  'Chen',
  'Okafor',
];
const CITIES = ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Leeds', 'Cambridge', 'Oxford', 'Cardiff', 'Belfast', 'Glasgow'];
const SOURCES = ['Salary and bonus', 'Sale of a business', 'Inheritance', 'Pension lump sum', 'Property sale', 'Investment returns'];
const SECTORS = ['Fintech', 'Healthcare', 'Clean energy', 'Deep tech', 'Consumer', 'Property'];

const DEFINITIONS = [
  {
    name: 'Source of funds',
    type: 'select',
    options: SOURCES,
    mode: 'editable',
    description: 'Where the money invested comes from (AML).',
  },
  { name: 'Preferred sectors', type: 'multi_select', options: SECTORS, mode: 'editable', description: null },
  { name: 'Newsletter', type: 'boolean', options: [], mode: 'editable', description: 'Agreed to receive the monthly newsletter.' },
  { name: 'Annual investment budget', type: 'number', options: [], mode: 'editable', description: 'In GBP.' },
  { name: 'AML review date', type: 'date', options: [], mode: 'locked', description: 'Set by the compliance team.' },
] as const;

/** A tiny deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function demoPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 60, y: 760, size: 18, font });
  page.drawText('Demo document. Signature: ______________________', { x: 60, y: 200, size: 11, font });
  return Buffer.from(await pdf.save());
}

async function ensureAttributes(db: Db, now: Date) {
  const existing = await db.select().from(attributes).where(eq(attributes.subjectType, 'user'));
  const byName = new Map(existing.map((a) => [a.name, a]));
  for (const [position, d] of DEFINITIONS.entries()) {
    if (byName.has(d.name)) continue;
    const [row] = await db
      .insert(attributes)
      .values({
        subjectType: 'user',
        name: d.name,
        type: d.type,
        options: [...d.options],
        mode: d.mode,
        description: d.description,
        position,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    byName.set(d.name, row);
  }
  return byName;
}

/**
 * A few hundred investors with varied categories, KYC states, owners and appropriateness results,
 * custom attribute values, and on some of them documents, notes and tasks. Runs once: when the demo
 * investors exist it leaves them as they are.
 */
export async function seedInvestors({ db, storage }: Pick<AppContext, 'db' | 'storage'>, now = new Date()): Promise<void> {
  const defined = await ensureAttributes(db, now);
  const [already] = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DOMAIN}`))
    .limit(1);
  if (already) return;
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['adviser@demo.test', 'fundmanager@demo.test', 'manager@demo.test', 'superadmin@demo.test']));
  const owners = staff.map((s) => s.id);
  const rnd = random(20_261_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const day = 86_400_000;

  const rows = Array.from({ length: COUNT }, (_, i) => {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const tries = rnd() < 0.3 ? 0 : 1 + Math.floor(rnd() * 3);
    const passed = tries > 0 && rnd() < 0.7;
    const createdAt = new Date(now.getTime() - Math.floor(rnd() * 900) * day);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@${DOMAIN}`.toLowerCase(),
      roleId: Role.User,
      emailVerifiedAt: rnd() < 0.85 ? createdAt : null,
      acceptedTermsVersion: 1,
      compliancePassed: passed,
      complianceTries: tries,
      ownerId: rnd() < 0.8 && owners.length ? pick(owners) : null,
      phone: `+44 7700 9${String(i).padStart(5, '0')}`,
      addressLine1: `${1 + (i % 120)} ${pick(['High Street', 'Station Road', 'Church Lane', 'Park Avenue'])}`,
      city: pick(CITIES),
      postcode: `${pick(['EC1', 'M1', 'EH1', 'BS1', 'LS1'])} ${1 + (i % 9)}AB`,
      country: 'United Kingdom',
      dateOfBirth: `${1950 + (i % 50)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      nationality: rnd() < 0.85 ? 'British' : pick(['Irish', 'French', 'Indian', 'American']),
      kycStatus: pick(KYC_STATUSES),
      kycUpdatedAt: createdAt,
      lastLoginAt: rnd() < 0.6 ? new Date(now.getTime() - Math.floor(rnd() * 60) * day) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const created = await db.insert(users).values(rows).returning({ id: users.id, createdAt: users.createdAt, ownerId: users.ownerId });

  const categorisations = created.flatMap((u) => {
    if (rnd() < 0.2) return [];
    const declaredAt = new Date(u.createdAt.getTime() + day);
    const status = pick(['approved', 'approved', 'approved', 'pending', 'rejected'] as const);
    return [
      {
        userId: u.id,
        category: pick(INVESTOR_CATEGORIES),
        declaration: { demo: true },
        status,
        declaredAt,
        expiresAt: categorisationExpiresAt(declaredAt),
        reviewedAt: status === 'pending' ? null : declaredAt,
        reviewNote: status === 'rejected' ? 'The declaration was incomplete.' : null,
      },
    ];
  });
  if (categorisations.length) await db.insert(investorCategorisations).values(categorisations);
  for (const c of categorisations)
    await db.update(users).set({ investorCategory: c.category, categorisationStatus: c.status }).where(eq(users.id, c.userId));

  const id = (name: string) => defined.get(name)!.id;
  const values = created.flatMap((u) => {
    const out: Array<typeof attributeValues.$inferInsert> = [];
    const add = (name: string, value: unknown) =>
      out.push({
        attributeId: id(name),
        subjectType: 'user',
        subjectId: u.id,
        value: JSON.stringify(value),
        createdAt: now,
        updatedAt: now,
      });
    if (rnd() < 0.8) add('Source of funds', pick(SOURCES));
    if (rnd() < 0.7)
      add(
        'Preferred sectors',
        SECTORS.filter(() => rnd() < 0.35),
      );
    if (rnd() < 0.9) add('Newsletter', rnd() < 0.6);
    if (rnd() < 0.5) add('Annual investment budget', String(5000 * (1 + Math.floor(rnd() * 40))));
    if (rnd() < 0.4) add('AML review date', new Date(now.getTime() - Math.floor(rnd() * 365) * day).toISOString().slice(0, 10));
    return out;
  });
  if (values.length) await db.insert(attributeValues).values(values);

  // Records on the first forty: a note each, some tasks for their owner, and documents.
  const agreement = await demoPdf('Subscription agreement');
  const agreementKey = await storage.put('documents', { filename: 'agreement.pdf', mimetype: 'application/pdf', data: agreement });
  const passport = await demoPdf('Certified passport copy');
  const passportKey = await storage.put('documents', { filename: 'passport.pdf', mimetype: 'application/pdf', data: passport });
  const author = owners[0] ?? null;
  for (const [i, u] of created.slice(0, 40).entries()) {
    await db.insert(notes).values({
      subjectType: 'investor',
      subjectId: u.id,
      body: `<p>${pick(['Met at the spring showcase; keen on', 'Called about', 'Asked for the information memorandum of'])} ${pick(SECTORS).toLowerCase()} opportunities.</p>`,
      authorId: author,
      createdAt: u.createdAt,
    });
    if (i % 2 === 0) {
      await db.insert(tasks).values({
        subjectType: 'investor',
        subjectId: u.id,
        title: pick(['Chase the signed agreement', 'Review the categorisation', 'Book an introduction call']),
        assigneeId: u.ownerId ?? author,
        dueDate: new Date(now.getTime() + (i - 10) * day).toISOString().slice(0, 10),
        createdBy: author,
      });
    }
    const file = (name: string, data: Buffer, storageKey: string, visibility: 'public' | 'private', folderId: number | null) => ({
      subjectType: 'investor',
      subjectId: u.id,
      folderId,
      name,
      originalFilename: `${name.toLowerCase().replace(/\s+/g, '-')}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      storageKey,
      visibility,
      uploadedBy: author,
    });
    const [onboarding] = await db
      .insert(folders)
      .values({ subjectType: 'investor', subjectId: u.id, name: ONBOARDING_FOLDER, createdBy: author })
      .returning({ id: folders.id });
    await db
      .insert(documents)
      .values([
        file('Subscription agreement', agreement, agreementKey, 'public', null),
        file('Certified passport copy', passport, passportKey, 'private', onboarding.id),
      ]);
  }
}
