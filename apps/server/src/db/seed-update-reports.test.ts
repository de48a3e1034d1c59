import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { documents, notifications, updateReports, users } from './schema';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { agent, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  await seedDemo(t.ctx);
}, 120_000);
afterAll(() => t.close());

describe('demo update reports', () => {
  it('holds published and draft updates once, about companies and both funds, with attachments', async () => {
    const rows = await t.db.select().from(updateReports);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.status === 1)).toHaveLength(2);
    expect(new Set(rows.filter((r) => r.opportunityId !== null).map((r) => r.opportunityId)).size).toBe(3);
    expect(new Set(rows.filter((r) => r.fundId !== null).map((r) => r.fundId)).size).toBe(2);
    const attached = await t.db.select().from(documents).where(eq(documents.subjectType, 'update_report'));
    expect(attached.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.status === 1).some((r) => attached.some((d) => d.subjectId === r.id))).toBe(true);
  });

  it('gives investor@demo.test read and unread news, and the quarterly update notification opens a real one', async () => {
    const isla = agent(t.app);
    await isla.login('investor@demo.test', DEMO_PASSWORD);
    const news = (await isla.get('/api/my/update-reports')).json().data as Array<{ opened_at: string | null }>;
    expect(news.some((r) => r.opened_at === null)).toBe(true);
    expect(news.some((r) => r.opened_at !== null)).toBe(true);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'investor@demo.test'));
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${me.id} and ${notifications.data}->>'icon' = 'update_reports'`);
    expect(told.data.cta).toMatch(/^\/investor\/news\/reports\/\d+$/);
    const opened = await isla.get(`/api${told.data.cta!.replace('/investor/news/reports', '/my/update-reports')}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.questions).toHaveLength(1);
    expect(opened.json().data.attachments).toHaveLength(1);
  });
});
