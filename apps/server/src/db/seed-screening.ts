import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { parseOfsiList } from '../modules/screening/parse';
import { screenInvestors } from '../shared/screening';
import { loadSettings, SETTINGS_ID } from '../shared/settings';
import type { Db } from './client';
import { screeningEntries, screeningLists, settings, users } from './schema';

/** A few fictional targets in the layout of HM Treasury's consolidated list (OFSI CSV). */
const DEMO_LIST = `Last Updated,12/03/2024
Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Title,Name Non-Latin Script,Non-Latin Script Type,Non-Latin Script Language,DOB,Town of Birth,Country of Birth,Nationality,Passport Number,Passport Details,National Identification Number,National Identification Details,Position,Address 1,Address 2,Address 3,Address 4,Address 5,Address 6,Post/Zip Code,Country,Other Information,Group Type,Alias Type,Alias Quality,Regime,Listed On,UK Sanctions List Date Designated,Last Updated,Group ID
PETROVA,Anastasia,Igorevna,,,,Mrs,,,,14/07/1971,Omsk,Russia,Russia,,,,,"Deputy Director, Fictional Energy Holding",,,,,,,,,(Gender):Female,Individual,Primary name,Good quality,Russia,16/03/2022,16/03/2022,16/03/2022,90001
PETROVA,Nastya,,,,,,,,,14/07/1971,Omsk,Russia,Russia,,,,,,,,,,,,,,,Individual,AKA,Good quality,Russia,16/03/2022,16/03/2022,16/03/2022,90001
AL-RASHID,Abdul,Rahman,,,,Dr,,,,01/02/1980,,Syria,Syria,,,,,,,,,,,,,,,Individual,Primary name,Good quality,Syria,09/05/2011,09/05/2011,09/05/2011,90004
NORTHERN STAR SHIPPING LLC,,,,,,,,,,,,,,,,,,,,,,,,,,,,Entity,Primary name,,Russia,16/03/2022,16/03/2022,16/03/2022,90003
`;

export const SCREENING_DEMO_EMAIL = 'screening@demo.test';

/**
 * Screening switched on, a small sanctions list uploaded, and one demo investor who resembles a
 * listed person: a potential match awaiting review in the queue. Runs once.
 */
export async function seedScreening(db: Db, passwordHash: string, now: Date): Promise<void> {
  if ((await db.select({ id: screeningLists.id }).from(screeningLists).limit(1)).length) return;
  const current = await loadSettings(db);
  await db
    .update(settings)
    .set({ flags: { ...current.flags, user_screening_enabled: true } })
    .where(eq(settings.id, SETTINGS_ID));
  await db
    .insert(users)
    .values({
      email: SCREENING_DEMO_EMAIL,
      name: 'Anastasia Petrova',
      roleId: Role.User,
      passwordHash,
      emailVerifiedAt: now,
      acceptedTermsVersion: current.termsVersion,
      dateOfBirth: '1971-07-14',
      nationality: 'Russian',
      country: 'Cyprus',
    })
    .onConflictDoNothing();
  const parsed = parseOfsiList(Buffer.from(DEMO_LIST));
  const [list] = await db
    .insert(screeningLists)
    .values({
      kind: 'sanctions',
      fileName: 'ConList.csv',
      listUpdated: parsed.listUpdated,
      entryCount: parsed.entries.length,
      skippedCount: parsed.skipped,
      uploadedAt: now,
    })
    .returning();
  await db.insert(screeningEntries).values(parsed.entries.map((entry) => ({ ...entry, listId: list.id })));
  await screenInvestors(db, { now });
}
