import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { notifications, paDealSteps } from '../../db/schema';
import { signedIn } from '../../test/harness';
import { acceptedSounding, admin, compliance, t, useRegisterApp } from './fixtures';

useRegisterApp();

describe('personal-account dealing', () => {
  const deal = (company: string) => ({
    company_name: company,
    direction: 'buy',
    quantity: '1000',
    expected_price: '2.45',
    reason: 'Long-term saving',
  });

  it('refuses a request by a current insider of a project about the company, and keeps it with the refusal', async () => {
    const { opportunity, company } = await acceptedSounding();
    const staff = await signedIn(t, Role.SuperAdmin, { name: 'Ina Insider' });
    await staff.client.get(`/api/investment-opportunities/${opportunity.id}`);
    const refused = await staff.client.post('/api/pa-deals', deal(`  ${company.toUpperCase()} `));
    expect(refused.statusCode).toBe(422);
    const message = `Refused: you are an insider of ${opportunity.name}, a project about ${company.toUpperCase()}. You may not deal in it until the project is cleansed.`;
    expect(refused.json()).toEqual({ message, errors: { company_name: [message] } });
    const kept = (await staff.client.get(`/api/pa-deals?filter[requester_id]=${staff.user.id}`)).json().data;
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ status: 'refused', requester: { id: staff.user.id } });
    expect(kept[0].steps.map((s: { status: string; actor: unknown }) => [s.status, s.actor])).toEqual([
      ['requested', { id: staff.user.id, name: 'Ina Insider' }],
      ['refused', null],
    ]);
  });

  it('refuses a company on the restricted list, by hand or through an open project', async () => {
    const staff = await signedIn(t, Role.Support);
    const added = await compliance.client.post('/api/insider-register/restricted-list', {
      company_name: 'Watchlist plc',
      reason: 'Corporate client',
    });
    expect(added.statusCode).toBe(201);
    const refused = await staff.client.post('/api/pa-deals', deal('watchlist PLC'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Refused: watchlist PLC is on the restricted list. Nobody may deal in it while it is restricted.');
    expect(
      (await compliance.client.post(`/api/insider-register/restricted-list/${added.json().data.id}/remove`, { reason: 'Client left' }))
        .statusCode,
    ).toBe(204);
    expect((await staff.client.post('/api/pa-deals', deal('Watchlist plc'))).statusCode).toBe(201);

    const { company } = await acceptedSounding();
    expect((await staff.client.post('/api/pa-deals', deal(company))).json().message).toBe(
      `Refused: ${company} is on the restricted list. Nobody may deal in it while it is restricted.`,
    );
  });

  it('goes from request to approval to executed, every step kept; compliance never decides its own', async () => {
    const staff = await signedIn(t, Role.InvestmentManager, { name: 'Pat Trader' });
    const created = await staff.client.post('/api/pa-deals', deal('Clean Co plc'));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      status: 'requested',
      quantity: '1000.000000',
      expected_price: '2.450000',
      currency: 'GBP',
    });
    expect((await staff.client.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(403);
    expect(
      (
        await staff.client.post(`/api/pa-deals/${id}/execute`, {
          executed_quantity: '1000',
          executed_price: '2.4',
          executed_on: '2026-03-02',
        })
      ).statusCode,
    ).toBe(409);

    const own = (await compliance.client.post('/api/pa-deals', deal('Own Co plc'))).json().data;
    const self = await compliance.client.post(`/api/pa-deals/${own.id}/approve`, {});
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot decide on your own request; another compliance officer must.');

    const approved = await compliance.client.post(`/api/pa-deals/${id}/approve`, { reason: 'No conflicts found' });
    expect(approved.json().data.status).toBe('approved');
    expect((await admin.client.post(`/api/pa-deals/${id}/refuse`, { reason: 'Too late' })).statusCode).toBe(409);
    const executed = await staff.client.post(`/api/pa-deals/${id}/execute`, {
      executed_quantity: '900',
      executed_price: '2.41',
      executed_on: '2026-03-02',
    });
    expect(executed.statusCode).toBe(200);
    expect(executed.json().data.steps.map((s: { status: string }) => s.status)).toEqual(['requested', 'approved', 'executed']);
    expect(executed.json().data.steps[2]).toMatchObject({
      executed_quantity: '900.000000',
      executed_price: '2.410000',
      executed_on: '2026-03-02',
    });
    expect((await t.db.select().from(paDealSteps).where(eq(paDealSteps.requestId, id))).length).toBe(3);

    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, staff.user.id));
    expect(note.data.message).toBe('Your request to deal in <strong>Clean Co plc</strong> is approved.');

    // Staff without the grant see only their own requests; compliance sees all.
    const mine = (await staff.client.get('/api/pa-deals?per_page=100')).json().data;
    expect(mine.every((d: { requester: { id: number } }) => d.requester.id === staff.user.id)).toBe(true);
    expect((await staff.client.get(`/api/pa-deals/${own.id}`)).statusCode).toBe(404);
    expect(
      (await compliance.client.get(`/api/pa-deals?filter[status]=executed&filter[requester_id]=${staff.user.id}`)).json().data,
    ).toHaveLength(1);

    const refusedByCompliance = (await staff.client.post('/api/pa-deals', deal('Other Co plc'))).json().data;
    expect((await compliance.client.post(`/api/pa-deals/${refusedByCompliance.id}/refuse`, {})).json().errors).toEqual({
      reason: ['Say why the request is refused.'],
    });
    const refused = await compliance.client.post(`/api/pa-deals/${refusedByCompliance.id}/refuse`, { reason: 'Blackout period' });
    expect(refused.json().data.steps[1]).toMatchObject({ status: 'refused', reason: 'Blackout period', actor: { id: compliance.user.id } });
    expect((await compliance.client.post('/api/pa-deals', { ...deal('X'), quantity: '0' })).json().errors.quantity).toEqual([
      'Enter a quantity above 0.',
    ]);
  });
});
