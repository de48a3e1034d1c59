/** What the insider register's test files share. */
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { insiderProjects } from '../../db/schema';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow, setFlags, setSettings } from '../../test/opportunities';

export let t: TestApp;
export let admin: Awaited<ReturnType<typeof signedIn>>;
export let compliance: Awaited<ReturnType<typeof signedIn>>;

/** Each test file of the register gets its own app, with market sounding on and two staff signed in. */
export function useRegisterApp() {
  beforeAll(async () => {
    t = await createTestApp();
    await setFlags(t, { market_sounding_enabled: true });
    await setSettings(t, { marketSoundingDescription: '<p>You will receive inside information about a placing.</p>' });
    admin = await signedIn(t, Role.SuperAdmin, { name: 'Alice Admin' });
    compliance = await signedIn(t, Role.Support, { name: 'Carol Compliance' });
  });
  afterAll(() => t.close());
}

/** An opportunity with a required market sounding, accepted by a new investor: its project and entry. */
export async function acceptedSounding(company = `Acme ${Math.random().toString(36).slice(2, 8)} plc`) {
  const opportunity = await createOpportunityRow(t, {
    status: 2,
    name: `${company} placing`,
    companyName: company,
    marketSoundingRequired: true,
  });
  const investor = await signedIn(t, Role.User, { name: 'Ivy Investor', phone: '07700 900123', dateOfBirth: '1980-02-03' });
  expect((await investor.client.post(`/api/market-sounding/${opportunity.id}/accept`)).statusCode).toBe(200);
  const [project] = await t.db.select().from(insiderProjects).where(eq(insiderProjects.opportunityId, opportunity.id));
  return { opportunity, investor, project, company };
}

export const entriesOf = (projectId: number, client = admin.client) =>
  client.get(`/api/insider-register/entries?filter[project_id]=${projectId}&per_page=100`).then((r) => r.json().data);

/** Drizzle wraps the driver's error: the database's own message is its cause. */
export const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'allowed',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );
