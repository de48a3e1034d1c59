import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { StatementCsvMapping, BankStatementFormat } from '@platform/domain';
import { validationError } from '../../platform/errors';

/** One line of a statement as the bank wrote it: a signed amount (negative is money out). */
export interface ParsedLine {
  /** The CSV line, or the transaction's number in an OFX or CAMT.053 file. */
  position: number;
  bookedOn: string;
  amount: string;
  currency: string;
  reference: string;
  payerName: string;
  /** The bank's own id of the transaction (OFX FITID, CAMT AcctSvcrRef), when it gives one. */
  bankId: string;
}

export interface ParsedStatement {
  format: BankStatementFormat;
  account: string | null;
  lines: ParsedLine[];
}

export interface StatementOptions {
  mapping?: StatementCsvMapping;
  currency: string;
}

/** A problem with the file: a 422 on `file`, naming the line when it is known. */
export function statementError(message: string, line?: number): Error {
  return validationError({ file: [line === undefined ? message : `Line ${line}: ${message}`] });
}

/** Namespaces dropped, attributes kept as `@_name`, every value kept as text (amounts stay exact). */
export const xmlReader = (arrays: readonly string[]) =>
  new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => arrays.includes(name),
  });

/** Well-formed XML, or a 422 naming the line where it breaks. */
export function checkXml(text: string): void {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw statementError(`The file is not well-formed XML: ${valid.err.msg}`, valid.err.line);
}
