import { parseStatementAmount, parseStatementDate } from '@platform/domain';
import { checkXml, type ParsedLine, statementError, xmlReader } from './lines';

type Node = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? text((value as Node)['#text']) : '';
const node = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : value === undefined ? [] : [node(value)]);
/** The node at a path of element names; an empty node where any step is missing. */
const at = (from: unknown, ...path: string[]): Node => path.reduce<Node>((n, key) => node(n[key]), node(from));

function amountOf(raw: string, where: string): string {
  const amount = parseStatementAmount(raw);
  if (amount === null) throw statementError(`${where}: "${raw}" is not an amount with at most two decimal places.`);
  return amount;
}

function dayOf(raw: string, where: string): string {
  const day = parseStatementDate(raw);
  if (!day) throw statementError(`${where}: "${raw}" is not a date.`);
  return day;
}

/**
 * OFX 1.x is SGML whose leaf elements are not closed (`<TRNAMT>100.00`); each is closed on its own
 * line, so the file reads as XML and keeps its line numbers. OFX 2.x is XML already.
 */
function ofxAsXml(raw: string): string {
  const body = raw.slice(Math.max(0, raw.search(/<OFX>/i)));
  const header = raw.slice(0, raw.length - body.length).replace(/[^\n]/g, '');
  if (/<\/(TRNAMT|DTPOSTED|FITID)>/i.test(body)) return header + body;
  return (
    header +
    body.replace(
      /<([A-Za-z0-9.]+)>([^<\r\n]*[^<\s][^<\r\n]*)(?=\r?\n|<|$)/g,
      (_m, tag: string, value: string) => `<${tag}>${value.trim()}</${tag}>`,
    )
  );
}

/**
 * An OFX bank statement (`STMTRS` in `BANKMSGSRSV1`): its account, currency and transactions
 * (`STMTTRN`), each with its FITID, posting day, signed amount, name and memo.
 */
export function readOfxStatement(raw: string): { account: string | null; lines: ParsedLine[] } {
  const xml = ofxAsXml(raw);
  checkXml(xml);
  const doc = xmlReader(['STMTTRNRS', 'STMTTRN']).parse(xml) as Node;
  const responses = list(at(doc, 'OFX', 'BANKMSGSRSV1').STMTTRNRS);
  if (!responses.length) throw statementError('The OFX file has no bank statement (BANKMSGSRSV1).');
  let account: string | null = null;
  const lines: ParsedLine[] = [];
  for (const response of responses) {
    const statement = at(response, 'STMTRS');
    const currency = text(statement.CURDEF).toUpperCase() || 'GBP';
    account ??= text(at(statement, 'BANKACCTFROM').ACCTID) || null;
    for (const trn of list(at(statement, 'BANKTRANLIST').STMTTRN)) {
      const position = lines.length + 1;
      const where = `Transaction ${position}`;
      const name = text(trn.NAME) || text(at(trn, 'PAYEE').NAME);
      lines.push({
        position,
        bookedOn: dayOf(text(trn.DTPOSTED), where),
        amount: amountOf(text(trn.TRNAMT), where),
        currency: text(trn.CURRENCY && at(trn, 'CURRENCY').CURSYM) || currency,
        reference: text(trn.MEMO) || name,
        payerName: name,
        bankId: text(trn.FITID),
      });
    }
  }
  return { account, lines };
}

/** The remittance text of a CAMT transaction: structured creditor reference, else the unstructured lines. */
function remittance(details: Node): string {
  const info = at(details, 'RmtInf');
  const structured = list(info.Strd)
    .map((s) => text(at(s, 'CdtrRefInf').Ref))
    .filter(Boolean);
  const free = Array.isArray(info.Ustrd) ? info.Ustrd.map(text) : [text(info.Ustrd)];
  return [...structured, ...free].filter(Boolean).join(' ') || text(at(details, 'Refs').EndToEndId).replace(/^NOTPROVIDED$/, '');
}

/** The debtor (who paid) of a CAMT transaction, in its 2019 (`Pty`) or earlier shape. */
const debtor = (details: Node) => text(at(details, 'RltdPties', 'Dbtr').Nm) || text(at(details, 'RltdPties', 'Dbtr', 'Pty').Nm);

/**
 * An ISO 20022 CAMT.053 statement: every `Stmt` and its entries (`Ntry`), each booked on a day
 * with an amount, a credit or debit mark and its transactions' details. A batch entry whose
 * transactions each carry an amount is read as one line per transaction; reversals are skipped.
 */
export function readCamtStatement(raw: string): { account: string | null; lines: ParsedLine[] } {
  checkXml(raw);
  const doc = xmlReader(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Strd', 'NtryDtls']).parse(raw) as Node;
  const statements = list(at(doc, 'Document', 'BkToCstmrStmt').Stmt);
  if (!statements.length) throw statementError('The XML file is not a CAMT.053 bank statement (BkToCstmrStmt/Stmt).');
  let account: string | null = null;
  const lines: ParsedLine[] = [];
  for (const statement of statements) {
    const id = at(statement, 'Acct', 'Id');
    account ??= text(id.IBAN) || text(at(id, 'Othr').Id) || null;
    for (const entry of list(statement.Ntry)) {
      if (text(entry.RvslInd) === 'true') continue;
      const where = `Entry ${lines.length + 1}`;
      const sign = text(entry.CdtDbtInd) === 'DBIT' ? '-' : '';
      const booked = dayOf(text(at(entry, 'BookgDt').Dt) || text(at(entry, 'BookgDt').DtTm) || text(at(entry, 'ValDt').Dt), where);
      const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      const split = details.length > 1 && details.every((d) => text(at(d, 'AmtDtls', 'TxAmt').Amt));
      const parts = split ? details : [details[0] ?? {}];
      for (const part of parts) {
        const amountNode = split ? at(part, 'AmtDtls', 'TxAmt').Amt : entry.Amt;
        lines.push({
          position: lines.length + 1,
          bookedOn: booked,
          amount: amountOf(`${sign}${text(amountNode)}`, where),
          currency: (node(amountNode)['@_Ccy'] as string | undefined) ?? (text(at(statement, 'Acct').Ccy) || 'EUR'),
          reference: remittance(part),
          payerName: debtor(part),
          bankId: [text(entry.AcctSvcrRef), text(at(part, 'Refs').AcctSvcrRef)].filter(Boolean).join('/'),
        });
      }
    }
  }
  return { account, lines };
}
