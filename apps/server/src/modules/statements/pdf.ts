import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable, wrap } from '../../platform/pdf-report';
import { statementDay, statementMoney, statementQuantity } from './format';
import type { Statement, StatementHolding, StatementTotal, StatementTransaction } from './statement';

const PAGE = { width: 842, height: 595 }; // A4 landscape: seven figure columns stay readable
const MARGIN = 40;
const SIZE = 9;
const LINE = 12;
const FOOTER = 30;
const INK = rgb(0.12, 0.14, 0.18);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.87);
const BAND = rgb(0.93, 0.94, 0.96);

interface Column<Row> {
  header: string;
  width: number;
  align?: 'right';
  value: (row: Row) => string;
}

const HOLDING_COLUMNS: Column<StatementHolding>[] = [
  { header: 'Holding', width: 190, value: (h) => `${h.name}\n${h.kind}: ${h.detail}` },
  { header: 'Holder', width: 110, value: (h) => h.holder },
  { header: 'Shares / units', width: 82, align: 'right', value: (h) => statementQuantity(h.quantity) },
  { header: 'Cost', width: 82, align: 'right', value: (h) => statementMoney(h.cost, h.currency) },
  { header: 'Current value', width: 92, align: 'right', value: (h) => `${statementMoney(h.value, h.currency)}${h.atCost ? ' *' : ''}` },
  { header: 'Realised', width: 82, align: 'right', value: (h) => statementMoney(h.realised, h.currency) },
  { header: 'Gain', width: 124, align: 'right', value: (h) => statementMoney(h.gain, h.currency) },
];

const TOTAL_COLUMNS: Column<StatementTotal>[] = [
  { header: 'Currency', width: 300, value: (t) => t.currency },
  { header: '', width: 82, value: () => '' },
  { header: 'Cost', width: 82, align: 'right', value: (t) => statementMoney(t.cost, t.currency) },
  { header: 'Current value', width: 92, align: 'right', value: (t) => statementMoney(t.value, t.currency) },
  { header: 'Realised', width: 82, align: 'right', value: (t) => statementMoney(t.realised, t.currency) },
  { header: 'Gain', width: 124, align: 'right', value: (t) => statementMoney(t.gain, t.currency) },
];

const TRANSACTION_COLUMNS: Column<StatementTransaction>[] = [
  { header: 'Date', width: 80, value: (t) => statementDay(t.date) },
  { header: 'Type', width: 120, value: (t) => t.type },
  { header: 'Holding', width: 220, value: (t) => t.name },
  { header: 'Holder', width: 142, value: (t) => t.holder },
  { header: 'Shares / units', width: 100, align: 'right', value: (t) => statementQuantity(t.quantity) },
  { header: 'Amount', width: 100, align: 'right', value: (t) => statementMoney(t.amount, t.currency) },
];

/** Draws pages top-down, starting a new page (with the table's header again) when a row would not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  text(value: string, x: number, size: number, font = this.font, color = INK) {
    this.page.drawText(printable(value), { x, y: this.y, size, font, color });
  }

  /** Room for `height` more points above the footer, or a new page. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER) return false;
    this.newPage();
    return true;
  }

  heading(title: string) {
    this.ensure(LINE * 4);
    this.y -= 8;
    this.text(title, MARGIN, 12, this.bold);
    this.y -= LINE + 4;
  }

  private cells<Row>(columns: Column<Row>[], values: string[], font: PDFFont) {
    let x = MARGIN;
    const lines = columns.map((c, i) => wrap(values[i], font, SIZE, c.width - 8));
    const height = Math.max(...lines.map((l) => l.length)) * LINE;
    columns.forEach((c, i) => {
      lines[i].forEach((line, n) => {
        const width = font.widthOfTextAtSize(line, SIZE);
        const left = c.align === 'right' ? x + c.width - 4 - width : x + 4;
        // Second and later lines of a text cell (a holding's kind and detail) are muted.
        this.page.drawText(line, { x: left, y: this.y - n * LINE, size: SIZE, font, color: n > 0 ? MUTED : INK });
      });
      x += c.width;
    });
    return height;
  }

  table<Row>(columns: Column<Row>[], rows: Row[], options: { emphasise?: boolean } = {}) {
    const width = columns.reduce((sum, c) => sum + c.width, 0);
    const header = () => {
      this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width, height: LINE + 4, color: BAND });
      this.cells(
        columns,
        columns.map((c) => c.header),
        this.bold,
      );
      this.y -= LINE + 6;
    };
    header();
    for (const row of rows) {
      const values = columns.map((c) => c.value(row));
      const lineCount = Math.max(...columns.map((c, i) => wrap(values[i], this.font, SIZE, c.width - 8).length));
      if (this.ensure(lineCount * LINE + 4)) header();
      const height = this.cells(columns, values, options.emphasise ? this.bold : this.font);
      this.y -= height - LINE + 4;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + width, y: this.y }, thickness: 0.5, color: RULE });
      this.y -= LINE;
    }
  }
}

/** A statement as a PDF: the firm's name on every page, readable tables, "Page n of m". */
export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Portfolio statement: ${statement.investor.name}, ${statementDay(statement.asAt)}`));
  pdf.setAuthor(printable(statement.firm));
  pdf.setCreationDate(statement.generatedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(pdf, font, bold);

  w.text(statement.firm, MARGIN, 16, bold);
  w.y -= 22;
  w.text('Portfolio statement', MARGIN, 13, bold);
  w.y -= 18;
  w.text(`${statement.investor.name} (${statement.investor.email})`, MARGIN, 10);
  w.y -= 14;
  w.text(
    `As at ${statementDay(statement.asAt)}. Transactions from ${statementDay(statement.from)} to ${statementDay(statement.asAt)}.`,
    MARGIN,
    10,
  );
  w.y -= 14;

  w.heading('Holdings');
  if (statement.holdings.length) w.table(HOLDING_COLUMNS, statement.holdings);
  else {
    w.text('No holdings on this date.', MARGIN, SIZE, font, MUTED);
    w.y -= LINE;
  }
  if (statement.holdings.some((h) => h.atCost)) {
    w.text('* Valued at cost: no share price or NAV is recorded for this holding yet.', MARGIN, 8, font, MUTED);
    w.y -= LINE;
  }

  w.heading('Totals by currency');
  if (statement.totals.length) w.table(TOTAL_COLUMNS, statement.totals, { emphasise: true });
  else {
    w.text('Nothing is held.', MARGIN, SIZE, font, MUTED);
    w.y -= LINE;
  }

  w.heading('Transactions in the period');
  if (statement.transactions.length) w.table(TRANSACTION_COLUMNS, statement.transactions);
  else w.text('No transactions in the period.', MARGIN, SIZE, font, MUTED);

  const pages = pdf.getPages();
  const generated = `Generated ${statementDay(statement.generatedAt.toISOString().slice(0, 10))}`;
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: PAGE.width - MARGIN, y: MARGIN + 14 }, thickness: 0.5, color: RULE });
    page.drawText(printable(`${statement.firm} · Portfolio statement · ${generated}`), {
      x: MARGIN,
      y: MARGIN,
      size: 8,
      font,
      color: MUTED,
    });
    page.drawText(label, { x: PAGE.width - MARGIN - font.widthOfTextAtSize(label, 8), y: MARGIN, size: 8, font, color: MUTED });
  });
  return pdf.save();
}
