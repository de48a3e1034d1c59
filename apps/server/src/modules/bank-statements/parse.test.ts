import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatementAmount, parseStatementDate, paymentReferenceIn } from '@platform/domain';
import { AppError } from '../../platform/errors';
import { parseStatement } from './parse';

const fixture = (name: string) => ({
  filename: name,
  mimetype: 'application/octet-stream',
  data: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)),
});
const file = (name: string, text: string) => ({ filename: name, mimetype: 'text/plain', data: Buffer.from(text) });
const GBP = { currency: 'GBP' };

/** The 422's message on `file`, or a failure when the statement was read. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return ((error as AppError).errors as Record<string, string[]>).file[0];
  }
  throw new Error('the statement was read');
}

describe('reading amounts, days and payment references as banks write them', () => {
  it('reads amounts exactly, in either decimal mark, with signs, brackets and symbols', () => {
    expect(['1,250.00', '1.250,00', '£1 250', '-4.20', '(4.20)', '4.20-', '+0.10', 'EUR 99,9', '0.30'].map(parseStatementAmount)).toEqual([
      '1250.00',
      '1250.00',
      '1250.00',
      '-4.20',
      '-4.20',
      '-4.20',
      '0.10',
      '99.90',
      '0.30',
    ]);
    expect(['12.345', '1.234.56', '12,34,5', 'ten', '', '1e3'].map(parseStatementAmount)).toEqual([
      '12345.00',
      '1234.56',
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads days day-first, ISO and OFX style, and refuses days that do not exist', () => {
    expect(['02/03/2026', '2026-03-02', '20260302120000[0:GMT]', '2.3.2026'].map(parseStatementDate)).toEqual(Array(4).fill('2026-03-02'));
    expect(['31/02/2026', '03/2026', 'yesterday'].map(parseStatementDate)).toEqual([null, null, null]);
  });

  it('finds a cash call reference however the bank spaced or cased it', () => {
    expect(paymentReferenceIn('Payment inv 12 abcdef thanks')).toBe('INV-12-ABCDEF');
    expect(paymentReferenceIn('INV12ABCDEF')).toBe('INV-12-ABCDEF');
    expect(paymentReferenceIn('INV-1-DEMO005')).toBe('INV-1-DEMO005');
    expect(paymentReferenceIn('INV-12-ABCDEFGHIJK')).toBeNull();
    expect(paymentReferenceIn('Invest top up')).toBeNull();
  });
});

describe('statement files', () => {
  it('reads a CSV in a common bank layout by its header, an empty "paid in" cell being money out', () => {
    const statement = parseStatement(fixture('barclays.csv'), GBP);
    expect(statement.format).toBe('csv');
    expect(statement.lines.map((l) => [l.position, l.bookedOn, l.amount, l.currency, l.reference, l.payerName])).toEqual([
      [2, '2026-03-02', '1250.00', 'GBP', 'Payment INV-12-ABCDEF thank you', 'Alice Example'],
      [3, '2026-03-03', '0.00', 'GBP', 'Card purchase', 'Coffee Shop'],
      [4, '2026-03-04', '2000.50', 'GBP', 'Invest top up', 'Bob Sample'],
    ]);
  });

  it('reads a CSV through the columns staff chose, and names the line of an amount it cannot read', () => {
    const text = 'When;Who;What;How much\n2026-03-02;Alice;INV-1-AAAAAA;10,50\n';
    const mapped = parseStatement(file('s.csv', text), { currency: 'EUR', mapping: { date: 0, payer_name: 1, reference: 2, amount: 3 } });
    expect(mapped.lines[0]).toMatchObject({ bookedOn: '2026-03-02', amount: '10.50', currency: 'EUR', payerName: 'Alice' });
    expect(refusal(() => parseStatement(file('s.csv', text), GBP))).toMatch(/Choose the date and amount column/);
    expect(refusal(() => parseStatement(fixture('broken.csv'), GBP))).toBe(
      'Line 3: "12,34,5" is not an amount with at most two decimal places.',
    );
    expect(refusal(() => parseStatement(file('s.csv', 'Date,Amount\n2026-02-30,1.00\n'), GBP))).toMatch(
      /^Line 2: "2026-02-30" is not a date/,
    );
    expect(refusal(() => parseStatement(file('s.csv', 'Date,Amount\n"2026-02-01,1.00\n'), GBP))).toMatch(
      /^Line \d: The CSV file could not be read/,
    );
  });

  it('reads an OFX 1.x (SGML) statement: account, currency, FITIDs and signed amounts', () => {
    const statement = parseStatement(fixture('statement.ofx'), GBP);
    expect(statement).toMatchObject({ format: 'ofx', account: '12345678' });
    expect(statement.lines.map((l) => [l.bookedOn, l.amount, l.currency, l.reference, l.payerName, l.bankId])).toEqual([
      ['2026-03-02', '1250.00', 'GBP', 'INV 12 ABCDEF', 'ALICE EXAMPLE', '202603020001'],
      ['2026-03-03', '-4.20', 'GBP', 'COFFEE SHOP', 'COFFEE SHOP', '202603030001'],
      ['2026-03-04', '2000.50', 'GBP', 'Invest top up', 'BOB SAMPLE & CO', '202603040001'],
    ]);
  });

  it('reads an OFX 2.x (XML) statement the same way', () => {
    const xml = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF><BANKACCTFROM><ACCTID>999</ACCTID></BANKACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260302</DTPOSTED><TRNAMT>15.05</TRNAMT><FITID>X1</FITID><NAME>Dee</NAME></STMTTRN></BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(parseStatement(file('s.ofx', xml), GBP)).toMatchObject({
      format: 'ofx',
      account: '999',
      lines: [{ bookedOn: '2026-03-02', amount: '15.05', currency: 'EUR', payerName: 'Dee', bankId: 'X1' }],
    });
  });

  it('reads a CAMT.053 statement: credits and debits, a batch entry split by transaction, structured references', () => {
    const statement = parseStatement(fixture('statement.camt053.xml'), GBP);
    expect(statement).toMatchObject({ format: 'camt053', account: 'GB33BUKB20201555555555' });
    expect(statement.lines.map((l) => [l.bookedOn, l.amount, l.currency, l.reference, l.payerName, l.bankId])).toEqual([
      ['2026-03-02', '1250.00', 'EUR', 'Payment inv-12-abcdef', 'Alice Example', 'AB-0001'],
      ['2026-03-03', '-4.20', 'EUR', '', '', 'AB-0002'],
      ['2026-03-04', '2000.50', 'EUR', 'Invest top up', 'Bob Sample', 'AB-0003/AB-0003-1'],
      ['2026-03-04', '1000.25', 'EUR', 'Second of batch', 'Carol Third', 'AB-0003/AB-0003-2'],
    ]);
  });

  it('refuses malformed XML naming the line, and files that are no statement', () => {
    expect(refusal(() => parseStatement(fixture('broken.camt053.xml'), GBP))).toMatch(/^Line 7: The file is not well-formed XML/);
    expect(refusal(() => parseStatement(file('s.pdf', '%PDF-1.4'), GBP))).toBe(
      'Upload a bank statement as CSV, OFX or CAMT.053 (ISO 20022 XML).',
    );
    expect(refusal(() => parseStatement(file('s.csv', '  \n'), GBP))).toBe('The file is empty.');
    expect(refusal(() => parseStatement(file('s.csv', 'Date,Amount\n'), GBP))).toBe('The statement has no transactions.');
  });
});
