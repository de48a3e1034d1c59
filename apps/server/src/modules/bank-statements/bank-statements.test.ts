import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role, type BankStatementDetail, type StatementLine } from '@platform/domain';
import { bankStatements, investments, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { agent, createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createInvestmentRow, createOpportunityRow } from '../../test/opportunities';
import { uploadForm } from '../../test/uploads';

/** Bank statements matched to cash calls and reviewed by staff (decision 0055). */
const clock = fixedClock(new Date('2026-03-10T09:00:00Z'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let opportunityId: number;
let sequence = 0;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signedIn(t, Role.SuperAdmin);
  opportunityId = (await createOpportunityRow(t)).id;
});
afterAll(() => t.close());

/** An issued cash call of `amount` for an investor called `name`, with a payment reference of our choosing. */
async function issuedCall(name: string, amount: string) {
  const investor = await signedIn(t, Role.User, { name });
  const row = await createInvestmentRow(t, { opportunityId, userId: investor.user.id, amount });
  const reference = `INV-${opportunityId}-${String(++sequence).padStart(6, 'Q')}`;
  await t.db.update(investments).set({ paymentReference: reference }).where(eq(investments.id, row.id));
  expect((await admin.client.post(`/api/investments/${row.id}/cash-call`, {})).statusCode).toBe(200);
  return { id: row.id, reference };
}

const upload = (text: string, filename = 'statement.csv', fields: Record<string, string> = {}, who = admin.client) =>
  who.post('/api/bank-statements', uploadForm(fields, { data: text, filename, type: 'text/csv' }));
const csv = (rows: string[][]) => ['Date,Description,Amount,Counterparty', ...rows.map((r) => r.join(','))].join('\n');
const lineOf = (statement: BankStatementDetail, reference: string) =>
  statement.statement_lines.find((l) => l.reference === reference) as StatementLine;
const callRow = async (id: number) => (await t.db.select().from(investments).where(eq(investments.id, id)))[0];
const ledgerOf = (id: number) => t.db.select().from(payments).where(eq(payments.investmentId, id));
const confirm = (statementId: number, lineId: number, body: Record<string, unknown> = {}) =>
  admin.client.post(`/api/bank-statements/${statementId}/lines/${lineId}/confirm`, body);

describe('importing a statement and matching its credits', () => {
  it('pays a call by its reference, suggests one by amount and payer name, leaves the rest unmatched and skips debits', async () => {
    const byReference = await issuedCall('Alice Example', '1250.00');
    const byAmount = await issuedCall('Robert Sample', '2000.50');
    const response = await upload(
      csv([
        ['02/03/2026', `"Payment ${byReference.reference.toLowerCase()} thanks"`, '"1,250.00"', 'Alice Example'],
        ['03/03/2026', 'Card purchase', '-4.20', 'Coffee Shop'],
        ['04/03/2026', 'Invest top up', '2000.50', 'SAMPLE ROBERT'],
        ['05/03/2026', 'Unknown money', '77.00', 'Nobody Known'],
      ]),
    );
    expect(response.statusCode).toBe(201);
    const statement = response.json().data as BankStatementDetail;
    expect(statement).toMatchObject({
      format: 'csv',
      debits_skipped: 1,
      duplicates_skipped: 0,
      lines: { matched: 1, suggested: 1, unmatched: 1, ignored: 0 },
    });
    const paid = lineOf(statement, `Payment ${byReference.reference.toLowerCase()} thanks`);
    expect(paid).toMatchObject({ position: 2, status: 'matched', match_kind: 'reference', amount: '1250.00', booked_on: '2026-03-02' });
    expect(paid.cash_call).toMatchObject({ id: byReference.id, status: 'paid', amount_outstanding: '0.00' });
    expect(await callRow(byReference.id)).toMatchObject({ status: 'paid', receivedAmount: '1250.00' });
    const [payment] = await ledgerOf(byReference.id);
    expect(payment).toMatchObject({
      method: 'bank_transfer',
      provider: 'bank_statement',
      providerReference: `line-${paid.id}`,
      receivedOn: '2026-03-02',
    });

    const suggested = lineOf(statement, 'Invest top up');
    expect(suggested).toMatchObject({ status: 'suggested', match_kind: 'amount_and_name', payment_id: null });
    expect(suggested.cash_call).toMatchObject({ id: byAmount.id, investor: 'Robert Sample', amount_outstanding: '2000.50' });
    expect(await callRow(byAmount.id)).toMatchObject({ status: 'cash_call', receivedAmount: '0.00' });

    const confirmed = await confirm(statement.id, suggested.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'matched', match_kind: 'amount_and_name', resolved_by: { id: admin.user.id } });
    expect(await callRow(byAmount.id)).toMatchObject({ status: 'paid', receivedAmount: '2000.50' });
    expect(lineOf(statement, 'Unknown money')).toMatchObject({ status: 'unmatched', cash_call: null });
  });

  it('skips every line imported before, by its fingerprint, and pays nothing twice', async () => {
    const call = await issuedCall('Dee Duplicate', '300.00');
    const text = csv([
      ['06/03/2026', call.reference, '100.00', 'Dee Duplicate'],
      ['06/03/2026', call.reference, '100.00', 'Dee Duplicate'],
    ]);
    const first = (await upload(text)).json().data as BankStatementDetail;
    // Two identical transfers on one day are two lines.
    expect(first.lines.matched).toBe(2);
    const again = await upload(text, 'statement-again.csv');
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ duplicates_skipped: 2, statement_lines: [] });
    expect(await callRow(call.id)).toMatchObject({ receivedAmount: '200.00' });
    expect(await ledgerOf(call.id)).toHaveLength(2);
  });

  it('offers a reference match that would over-pay, instead of paying it, and refuses to confirm it', async () => {
    const call = await issuedCall('Olive Over', '100.00');
    const statement = (await upload(csv([['07/03/2026', call.reference, '150.00', 'Olive Over']]))).json().data as BankStatementDetail;
    const [line] = statement.statement_lines;
    expect(line).toMatchObject({ status: 'suggested', match_kind: 'reference', cash_call: { id: call.id } });
    const refused = await confirm(statement.id, line.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.investment_id[0]).toMatch(/£100\.00 outstanding; the line's £150\.00 would over-pay it/);
    expect(await ledgerOf(call.id)).toHaveLength(0);
  });

  it('pays a call staff picked for an unmatched line, and ignores a line, each once', async () => {
    const call = await issuedCall('Pat Picked', '500.00');
    const statement = (
      await upload(
        csv([
          ['08/03/2026', 'no reference', '500.00', 'Someone Else'],
          ['08/03/2026', 'bank interest', '0.12', 'The Bank'],
        ]),
      )
    ).json().data as BankStatementDetail;
    const [picked, interest] = statement.statement_lines;
    expect(picked.status).toBe('unmatched');
    expect(Object.keys((await confirm(statement.id, picked.id)).json().errors)).toEqual(['investment_id']);
    const paid = await confirm(statement.id, picked.id, { investment_id: call.id });
    expect(paid.json().data).toMatchObject({ status: 'matched', match_kind: 'staff', cash_call: { id: call.id, status: 'paid' } });
    expect((await confirm(statement.id, picked.id, { investment_id: call.id })).statusCode).toBe(409);

    const ignored = await admin.client.post(`/api/bank-statements/${statement.id}/lines/${interest.id}/ignore`, {});
    expect(ignored.json().data).toMatchObject({ status: 'ignored', payment_id: null });
    expect((await confirm(statement.id, interest.id, { investment_id: call.id })).statusCode).toBe(409);
    expect((await confirm(statement.id + 1000, interest.id)).statusCode).toBe(404);
  });

  it('pays a line once and never over-pays a call, whatever staff click at the same moment', async () => {
    const call = await issuedCall('Quinn Race', '400.00');
    const statement = (
      await upload(
        csv([
          ['09/03/2026', 'first', '400.00', 'Q Race'],
          ['09/03/2026', 'second', '400.00', 'Q Race'],
        ]),
      )
    ).json().data as BankStatementDetail;
    const [first, second] = statement.statement_lines;
    const sameLine = await Promise.all(Array.from({ length: 5 }, () => confirm(statement.id, first.id, { investment_id: call.id })));
    expect(sameLine.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const other = await confirm(statement.id, second.id, { investment_id: call.id });
    expect(other.statusCode).toBe(422);

    const racing = await issuedCall('Rae Race', '400.00');
    const both = await Promise.all([
      confirm(statement.id, second.id, { investment_id: racing.id }),
      (async () => {
        const more = (await upload(csv([['09/03/2026', 'third', '400.00', 'R Race']]))).json().data as BankStatementDetail;
        return confirm(more.id, more.statement_lines[0].id, { investment_id: racing.id });
      })(),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await callRow(call.id)).toMatchObject({ status: 'paid', receivedAmount: '400.00' });
    expect(await callRow(racing.id)).toMatchObject({ status: 'paid', receivedAmount: '400.00' });
    expect(await ledgerOf(racing.id)).toHaveLength(1);
  });

  it('refuses a malformed file with its line and imports nothing, and reads OFX and CAMT.053 uploads', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(bankStatements);
    const broken = await upload(
      csv([
        ['10/03/2026', 'ok', '1.00', 'A'],
        ['11/03/2026', 'bad', 'ten pounds', 'B'],
      ]),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toEqual(['Line 3: "ten pounds" is not an amount with at most two decimal places.']);
    expect((await upload('Date,Amount\n01/03/2026,1.00\n', 's.csv', { mapping: '{"date":0}' })).json().errors).toHaveProperty('amount');
    expect((await upload('%PDF-1.4', 'statement.pdf')).statusCode).toBe(422);
    const [{ n: after }] = await t.db.select({ n: count() }).from(bankStatements);
    expect(after).toBe(before);

    const ofx = `<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP
<BANKACCTFROM><ACCTID>4444
</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT
<DTPOSTED>20260309
<TRNAMT>12.34
<FITID>OFX-1
<NAME>Ofx Payer
</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const read = await upload(ofx, 'statement.ofx');
    expect(read.json().data).toMatchObject({
      format: 'ofx',
      account: '4444',
      statement_lines: [{ amount: '12.34', payer_name: 'Ofx Payer' }],
    });
  });
});

describe('credits still to resolve, across statements', () => {
  it('lists suggested and unmatched lines of every statement, oldest first, until staff pay or ignore them', async () => {
    const unresolved = async () =>
      ((await admin.client.get('/api/bank-statements/unresolved-lines')).json().data as StatementLine[]).filter((l) =>
        l.reference.startsWith('Unresolved'),
      );
    const call = await issuedCall('Una Resolved', '640.00');
    const older = (
      await upload(
        csv([
          ['06/03/2026', 'Unresolved one', '640.00', 'Una Resolved'],
          ['06/03/2026', 'Unresolved two', '31.00', 'Stranger Things'],
        ]),
        'older.csv',
      )
    ).json().data as BankStatementDetail;
    const newer = (await upload(csv([['07/03/2026', 'Unresolved three', '32.00', 'Stranger Too']]), 'newer.csv')).json()
      .data as BankStatementDetail;
    const listed = await unresolved();
    expect(listed.map((l) => [l.reference, l.status, l.statement.filename])).toEqual([
      ['Unresolved one', 'suggested', 'older.csv'],
      ['Unresolved two', 'unmatched', 'older.csv'],
      ['Unresolved three', 'unmatched', 'newer.csv'],
    ]);
    expect(listed[0]).toMatchObject({ statement: { id: older.id }, cash_call: { id: call.id } });

    expect((await confirm(older.id, listed[0].id)).statusCode).toBe(200);
    const ignored = await admin.client.post(`/api/bank-statements/${newer.id}/lines/${listed[2].id}/ignore`, {});
    expect(ignored.statusCode).toBe(200);
    expect((await unresolved()).map((l) => l.reference)).toEqual(['Unresolved two']);
  });
});

describe('who may upload and review statements', () => {
  it('answers 401 signed out and 403 to investors and to staff without the cash calls permission', async () => {
    const statement = (await upload(csv([['10/03/2026', 'perm', '9.99', 'P']]))).json().data as BankStatementDetail;
    const lineId = statement.statement_lines[0].id;
    const manager = await signedIn(t, Role.InvestmentManager);
    const investor = await signedIn(t, Role.User);
    const routes: Array<[string, string]> = [
      ['GET', '/api/bank-statements'],
      ['GET', '/api/bank-statements/unresolved-lines'],
      ['GET', `/api/bank-statements/${statement.id}`],
      ['POST', `/api/bank-statements/${statement.id}/lines/${lineId}/confirm`],
      ['POST', `/api/bank-statements/${statement.id}/lines/${lineId}/ignore`],
    ];
    for (const [method, url] of routes) {
      expect(
        (await agent(t.app).request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} })).statusCode,
        url,
      ).toBe(401);
      for (const who of [manager, investor]) {
        const answer = method === 'GET' ? await who.client.get(url) : await who.client.post(url, {});
        expect(answer.statusCode, url).toBe(403);
      }
    }
    for (const who of [manager, investor])
      expect((await upload(csv([['10/03/2026', 'x', '1.00', 'X']]), 's.csv', {}, who.client)).statusCode).toBe(403);
    const listed = (await admin.client.get('/api/bank-statements')).json().data;
    expect(listed[0]).toMatchObject({ id: statement.id, uploaded_by: { id: admin.user.id }, lines: { unmatched: 1 } });
  });
});
