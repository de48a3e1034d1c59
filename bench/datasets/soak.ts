import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { AppContext } from '../../apps/server/src/platform/context';
import { investmentOpportunities, settings, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/platform/crypto';
import { loadSettings, SETTINGS_ID } from '../../apps/server/src/shared/settings';

/**
 * The soak's data set, beside the demo (300 investors with notes, tasks and documents; live and
 * existing opportunities): `SOAK_INVESTORS` investors (40 unless told) who may reserve without a
 * categorisation step, and one open round with room for every reservation a long run makes.
 */
export const SOAK_PASSWORD = 'soak-password-2026';

export async function seed({ db }: AppContext) {
  const count = Number(process.env.SOAK_INVESTORS ?? 40);
  const current = await loadSettings(db);
  await db
    .update(settings)
    .set({
      flags: {
        ...current.flags,
        compliance_test_requires_categorisation_approval: false,
        investor_categorisation_popups_enabled: false,
        investment_terms_enabled: false,
        market_sounding_enabled: false,
      },
    })
    .where(eq(settings.id, SETTINGS_ID));
  const passwordHash = await hashPassword(SOAK_PASSWORD);
  const investors = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Soak Investor ${i}`,
        email: `soak${i}@bench.test`,
        roleId: Role.User,
        passwordHash,
        emailVerifiedAt: new Date(),
        acceptedTermsVersion: 1,
        compliancePassed: true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const [round] = await db
    .insert(investmentOpportunities)
    .values({
      slug: 'soak-round',
      name: 'Soak Round',
      companyName: 'Soak Ltd',
      status: 2,
      targetRaise: '1000000000.00',
      maximumRaise: '1000000000.00',
      minimumInvestment: '100.00',
      maximumInvestment: '1000000000.00',
      sharePrice: '1.000000',
      summary: 'A round for the soak.',
    })
    .returning({ id: investmentOpportunities.id });
  return { investors, opportunityId: round.id };
}
