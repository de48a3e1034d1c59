import { eq, sql } from 'drizzle-orm';
import { Role, type RoleId } from '@platform/domain';
import type { AppContext } from '../platform/context';
import { settings, users } from './schema';
import { hashPassword } from '../platform/crypto';
import { loadSettings, SETTINGS_ID } from '../shared/settings';
import { notifyUser } from '../shared/notifications';
import { seedExitProceeds, seedOpportunities } from './seed-opportunities';
import { seedDeals } from './seed-deals';
import { seedLookups } from './seed-lookups';
import { seedKpis } from './seed-kpis';
import { seedContacts } from './seed-contacts';
import { seedPreEmption } from './seed-pre-emption';
import { seedFunds } from './seed-funds';
import { seedHolders } from './seed-holders';
import { seedInvestors } from './seed-investors';
import { seedInsiderRegister } from './seed-insider-register';
import { seedScreening } from './seed-screening';
import { seedInvestorGates } from './seed-investor-gates';
import { seedStatements } from './seed-statements';
import { seedSignUpDocuments } from './seed-sign-up-documents';
import { seedLibrary } from './seed-library';
import { seedUpdateReports } from './seed-update-reports';
import { seedTermConditions } from './seed-term-conditions';
import { seedPlacements } from './seed-placements';
import { seedRewards } from './seed-rewards';
import { seedTriggers } from './seed-triggers';

export const DEMO_PASSWORD = 'demo-password-2026';

/** One account per role (README lists them). `termsAccepted: false` leaves the terms to accept. */
export const DEMO_ACCOUNTS: Array<{ email: string; name: string; roleId: RoleId; termsAccepted?: boolean }> = [
  { email: 'superadmin@demo.test', name: 'Sam Admin', roleId: Role.SuperAdmin },
  { email: 'entrepreneur@demo.test', name: 'Erin Founder', roleId: Role.Entrepreneur },
  { email: 'committee@demo.test', name: 'Colin Committee', roleId: Role.InvestmentCommittee },
  { email: 'investor@demo.test', name: 'Isla Investor', roleId: Role.User },
  { email: 'pending@demo.test', name: 'Priya Pending', roleId: Role.User, termsAccepted: false },
  { email: 'newcomer@demo.test', name: 'Nora Newcomer', roleId: Role.User },
  { email: 'custodian@demo.test', name: 'Carl Custodian', roleId: Role.Custodian },
  { email: 'support@demo.test', name: 'Sophie Support', roleId: Role.Support },
  { email: 'creator@demo.test', name: 'Chris Creator', roleId: Role.Creator },
  { email: 'manager@demo.test', name: 'Maya Manager', roleId: Role.InvestmentManager },
  { email: 'fundmanager@demo.test', name: 'Felix Fund', roleId: Role.FundManager },
  { email: 'adviser@demo.test', name: 'Ada Adviser', roleId: Role.Adviser },
];

const FIRST = [
  'Olivia',
  'George',
  'Amelia',
  'Harry',
  'Isla',
  'Jack',
  'Ava',
  'Noah',
  'Mia',
  'Leo',
  'Grace',
  'Oscar',
  'Freya',
  'Arthur',
  'Lily',
  'Henry',
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
  'Evans',
  'Thomas',
  'Khan',
  'Walker',
];

const RISK_WARNING =
  "<p><strong>Don't invest unless you're prepared to lose all the money you invest.</strong> This is a high-risk investment and you are unlikely to be protected if something goes wrong.</p><p>Investments in start-up companies are illiquid: you may not be able to sell your shares when you want to. Your shareholding may be diluted by later funding rounds. Spread your money across different investments and put no more than 10% of your money into high-risk investments.</p>";

const DEMO_TERMS =
  '<h2>Terms and conditions</h2><p>These terms govern your use of the investor portal and every investment you make through it.</p><h3>1. Your account</h3><p>Keep your sign-in details to yourself. Tell us at once if you think someone else has used your account.</p><h3>2. Investments</h3><p>An investment is made only when we confirm your payment has been received. Until then a reservation may be cancelled by either side.</p><h3>3. Risk</h3><p>Investments in unlisted companies are high risk. You may lose all the money you invest, and you may not be able to sell your shares.</p>';

/**
 * Demo data for a first look at the product. Idempotent: running it again changes nothing that
 * is already there.
 */
export async function seedDemo(
  { db, realtime, storage }: Pick<AppContext, 'db' | 'realtime' | 'storage'>,
  now = new Date(),
): Promise<void> {
  const current = await loadSettings(db);
  if (!current.riskWarningText) {
    await db
      .update(settings)
      .set({
        riskWarningText: RISK_WARNING,
        termsText: DEMO_TERMS,
        marketSoundingDescription:
          '<p>By continuing you agree to receive inside information and to be wall-crossed. You must not deal in the securities of the company until the information is made public.</p>',
        supportEmail: 'support@demo.test',
        complianceTries: 3,
        appropriatenessBankMode: 'fca_alternating',
        flags: {
          funds_enabled: true,
          nominee_enabled: true,
          risk_warning_enabled: true,
          compliance_test_enabled: true,
          market_sounding_enabled: true,
          organisation_links_enabled: true,
          investment_terms_enabled: true,
          cap_table_enabled: true,
        },
      })
      .where(eq(settings.id, SETTINGS_ID));
  }
  const { termsVersion } = await loadSettings(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const inserted = await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        name: account.name,
        roleId: account.roleId,
        passwordHash,
        emailVerifiedAt: now,
        acceptedTermsVersion: account.termsAccepted === false ? 0 : termsVersion,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });

  const [{ existing }] = await db
    .select({ existing: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(eq(users.roleId, Role.User));
  if (existing < 20) {
    // Invited investors (no password yet) spread over the last three months, for the overview.
    const day = 24 * 60 * 60 * 1000;
    await db
      .insert(users)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
          email: `${FIRST[i % FIRST.length].toLowerCase()}.${LAST[(i * 7) % LAST.length].toLowerCase()}${i}@example.test`,
          roleId: Role.User,
          emailVerifiedAt: i % 4 === 0 ? null : now,
          acceptedTermsVersion: i % 5 === 0 ? 0 : termsVersion,
          createdAt: new Date(now.getTime() - ((i * 37) % 88) * day - (i % 3) * 3600_000),
        })),
      )
      .onConflictDoNothing();
  }

  await seedInvestorGates(db, inserted, now);
  const investor = inserted.find((u) => u.email === 'investor@demo.test');
  if (investor) {
    await notifyUser({ db, realtime }, investor.id, {
      message: '<p>Welcome to the platform, <strong>Isla</strong>. Browse the live opportunities to get started.</p>',
      icon: 'investment_opportunity_invited',
      cta: '/investor/investments',
    });
  }
  await seedLookups(db);
  await seedOpportunities({ db, storage }, now);
  await seedTermConditions(db, now);
  await seedPreEmption(db, now);
  await seedDeals(db);
  await seedFunds(db, now);
  await seedHolders({ db, storage }, now);
  await seedExitProceeds(db);
  await seedInvestors({ db, storage }, now);
  await seedContacts({ db, storage }, now);
  await seedInsiderRegister(db, now);
  await seedScreening(db, passwordHash, now);
  await seedKpis(db, now);
  await seedUpdateReports({ db, realtime, storage }, now);
  await seedPlacements(db, now);
  await seedRewards(db, now);
  await seedStatements({ db, realtime, storage }, now);
  await seedSignUpDocuments({ db, storage }, now);
  await seedLibrary({ db, storage }, now);
  await seedTriggers(db, now);
}
