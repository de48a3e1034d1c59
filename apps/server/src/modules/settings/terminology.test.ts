import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  ADMIN_MENU,
  can,
  Role,
  ROLE_IDS,
  resolveTerminology,
  roleLabel,
  TERM_GROUPS,
  TERM_KEYS,
  TERMINOLOGY_DEFAULTS,
  type TermKey,
  visibleMenu,
} from '@platform/domain';
import { mailOutbox, notifications } from '../../db/schema';
import { agent, createTestApp, createUser, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

const rename = (labels: Partial<Record<TermKey, string>>) => admin.client.patch('/api/branding', { navigation: JSON.stringify(labels) });
const publicTerms = async () => resolveTerminology((await agent(t.app).get('/api/public-settings/1')).json().data.navigation);

async function lastMailTo(email: string) {
  await t.ctx.background.settled();
  await t.ctx.mailer.flush();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

beforeEach(async () => {
  expect((await rename({})).statusCode).toBe(200);
});

describe('terminology pages', () => {
  it('group every label on exactly one of the six pages of spec §2.2', () => {
    expect(TERM_GROUPS.map((g) => g.slug)).toEqual(['navigation', 'opportunities', 'roles', 'investor', 'portfolio-columns', 'funds']);
    const grouped = TERM_GROUPS.flatMap((g) => g.keys);
    expect([...grouped].sort()).toEqual([...TERM_KEYS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('save each label through navigation, and everyone reads it at once; an emptied label is its default again', async () => {
    for (const key of TERM_KEYS) {
      const label = `Renamed ${key}`;
      expect((await rename({ [key]: label })).statusCode, key).toBe(200);
      const terms = await publicTerms();
      expect(terms[key]).toBe(label);
      // Every other label keeps its default.
      expect(TERM_KEYS.filter((other) => other !== key && terms[other] !== TERMINOLOGY_DEFAULTS[other])).toEqual([]);
    }
    expect((await rename({ investments: '   ' })).statusCode).toBe(200);
    expect((await publicTerms()).investments).toBe('Investments');
  });

  it('name every menu entry of the admin side in the wording', () => {
    const keys = new Set<TermKey>();
    for (const area of ADMIN_MENU) {
      keys.add(area.term);
      for (const link of area.links) if (link.term) keys.add(link.term);
    }
    for (const key of keys) {
      const terms = resolveTerminology({ [key]: `Our ${key}` });
      const menu = visibleMenu(Role.SuperAdmin, () => true);
      const names = menu.flatMap((area) => [terms[area.term], ...area.links.map((l) => (l.term ? terms[l.term] : l.label))]);
      expect(names, key).toContain(`Our ${key}`);
    }
  });

  it('refuse markup, over-long and non-text labels with a message on the label, and change nothing', async () => {
    expect((await rename({ investments: 'Deal Room' })).statusCode).toBe(200);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ investments: '<b>Deals</b>' }, 'navigation.investments'],
      [{ portfolio: 'x'.repeat(61) }, 'navigation.portfolio'],
      [{ roleSupport: 42 }, 'navigation.roleSupport'],
      [{ cashCall: 'Pay <now>' }, 'navigation.cashCall'],
      [{ notALabel: 'x' }, 'navigation'],
    ];
    for (const [labels, field] of cases) {
      const response = await admin.client.patch('/api/branding', { navigation: JSON.stringify(labels) });
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
      expect(response.json().errors[field][0]).toMatch(/plain text|60 characters|as text|Unknown/);
    }
    expect((await publicTerms()).investments).toBe('Deal Room');
  });

  it('may be changed only by Super Admin and Support', async () => {
    expect((await agent(t.app).patch('/api/branding', { navigation: '{}' })).statusCode).toBe(401);
    for (const roleId of ROLE_IDS) {
      const { client } = await signedIn(t, roleId);
      const status = (await client.patch('/api/branding', { navigation: JSON.stringify({ investments: `By ${roleId}` }) })).statusCode;
      expect({ roleId, status }).toEqual({ roleId, status: can(roleId, 'settings_branding', 'update') ? 200 : 403 });
      expect([Role.SuperAdmin, Role.Support].includes(roleId as 1 | 8)).toBe(status === 200);
    }
  });
});

describe('labels where the server uses them', () => {
  it('name the product in account e-mails by pageTitle', async () => {
    expect((await rename({ pageTitle: 'Acme Angels' })).statusCode).toBe(200);
    const user = await createUser(t.ctx);
    await agent(t.app).post('/password/email', { email: user.email });
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('Reset your Acme Angels password');
    expect(mail.text).toContain('— Acme Angels');
  });

  it('name update reports in their e-mail by updateReports', async () => {
    expect((await rename({ updateReports: 'Portfolio News' })).statusCode).toBe(200);
    const holder = await createUser(t.ctx);
    const company = await createOpportunityRow(t, { status: 5 });
    await createInvestmentRow(t, { opportunityId: company.id, userId: holder.id, amount: '1000.00', status: 'completed' });
    const created = await admin.client.post('/api/update-reports', {
      title: 'Q2 letter',
      report_type_id: 1,
      report_sub_type_id: 4,
      body: '<p>Hello.</p>',
      opportunity_id: company.id,
      audience: 'holders',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin.client.post(`/api/update-reports/${created.json().data.id}/publish`)).statusCode).toBe(200);
    const mail = await lastMailTo(holder.email);
    expect(mail.subject).toBe('New in Portfolio News: Q2 letter');
    expect(mail.text.split('\n')[0]).toBe('New in Portfolio News');
  });

  it('name the cash call in the investor notification by cashCall', async () => {
    expect((await rename({ cashCall: 'Drawdown notice' })).statusCode).toBe(200);
    const investor = await createUser(t.ctx);
    const opportunity = await createOpportunityRow(t);
    const row = await createInvestmentRow(t, { opportunityId: opportunity.id, userId: investor.id, amount: '100.00' });
    expect((await admin.client.post(`/api/investments/${row.id}/cash-call`, {})).statusCode).toBe(200);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, investor.id));
    expect(note.data.message).toMatch(/^Drawdown notice: please pay/);
  });

  it('name staff roles on User Management by the role labels', async () => {
    expect((await rename({ roleSupport: 'Operations', roleSuperAdmin: 'Owner' })).statusCode).toBe(200);
    await signedIn(t, Role.Support);
    const listed = (await admin.client.get('/api/admin-accounts?per_page=100')).json().data as Array<{
      role_id: number;
      role_name: string;
    }>;
    expect(listed.find((a) => a.role_id === Role.Support)?.role_name).toBe('Operations');
    expect(listed.find((a) => a.role_id === Role.SuperAdmin)?.role_name).toBe('Owner');
    expect(roleLabel(await publicTerms(), Role.Support)).toBe('Operations');
  });
});
