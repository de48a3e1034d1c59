import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Documents the platform writes as PDF (a compliance pack, a register's page): paged A4 text with a
 * running header, page numbers, headings, label–value lists and tables whose cells wrap. pdf-lib's
 * standard fonts need no font files but encode WinAnsi only: anything else prints as '?'.
 */

/** The standard fonts encode WinAnsi only: anything else prints as '?' rather than failing the PDF. */
export const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff£€–—‘’“”•]/g, '?');

/** Lines of at most `width` points at `size`: words kept whole where they fit, long words cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/).map(printable)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        if (line) lines.push(line);
        line = word;
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A table column: its header and its share of the text width (the shares of a table add up to 1). */
export interface ReportColumn {
  header: string;
  share: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const HEADER_HEIGHT = 46;
const FOOTER_HEIGHT = 24;
const SIZE = 8.5;
const LINE = 11;
const GREY = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.87);
const SHADE = rgb(0.93, 0.94, 0.96);

/**
 * A report written top to bottom: each call adds below the last and starts a new page when the
 * next line or table row would not fit (a table's header row is repeated there). The running
 * header and "Page n of N" are drawn on every page when the document is saved.
 */
export class PdfReport {
  private page!: PDFPage;
  private y = 0;
  private readonly width = A4.width - 2 * MARGIN;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly header: { title: string; lines: string[] },
  ) {
    this.newPage();
  }

  static async create(header: { title: string; lines: string[] }): Promise<PdfReport> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(printable(header.title));
    pdf.setCreator('Investor Platform');
    return new PdfReport(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), header);
  }

  private newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN - HEADER_HEIGHT;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private room(height: number) {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  private lines(lines: string[], x: number, font: PDFFont, size = SIZE, color = rgb(0, 0, 0)) {
    for (const [n, line] of lines.entries()) this.page.drawText(line, { x, y: this.y - size - n * LINE, size, font, color });
  }

  /** A section's title; kept with at least a few lines of what follows. */
  heading(text: string) {
    this.room(26 + 4 * LINE);
    this.y -= 10;
    this.page.drawText(printable(text), { x: MARGIN, y: this.y - 12, size: 12, font: this.bold });
    this.y -= 16;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.8, color: GREY });
    this.y -= 6;
  }

  /** A paragraph of text, wrapped to the width; `muted` for notes such as "none recorded". */
  paragraph(text: string, options: { muted?: boolean; bold?: boolean } = {}) {
    const font = options.bold ? this.bold : this.font;
    for (const line of wrap(text, font, SIZE, this.width)) {
      this.room(LINE);
      this.lines([line], MARGIN, font, SIZE, options.muted ? GREY : rgb(0, 0, 0));
      this.y -= LINE;
    }
    this.y -= 4;
  }

  /** Label–value pairs in two columns (label a third of the width). */
  fields(pairs: Array<[string, string]>) {
    this.table(
      [
        { header: '', share: 0.32 },
        { header: '', share: 0.68 },
      ],
      pairs.map(([label, value]) => [label, value]),
      { labels: true },
    );
  }

  /**
   * A table whose cells wrap within their column; a row never splits across pages (a row taller
   * than a page is cut into page-sized pieces). `empty` is written instead when there are no rows.
   */
  table(columns: ReportColumn[], rows: string[][], options: { empty?: string; labels?: boolean } = {}) {
    if (!rows.length) {
      this.paragraph(options.empty ?? 'None recorded.', { muted: true });
      return;
    }
    const widths = columns.map((c) => c.share * this.width);
    const showHeader = columns.some((c) => c.header);
    const drawHeader = () => {
      const cells = columns.map((c, i) => wrap(c.header, this.bold, SIZE, widths[i] - 6));
      const height = Math.max(...cells.map((l) => l.length)) * LINE + 5;
      this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: this.width, height, color: SHADE });
      this.drawRow(cells, widths, [this.bold], height);
    };
    if (showHeader) {
      this.room(2 * LINE + 10);
      drawHeader();
    }
    for (const row of rows) {
      const cells = row.map((value, i) => wrap(value, options.labels && i === 0 ? this.bold : this.font, SIZE, widths[i] - 6));
      let remaining = cells;
      while (remaining.some((l) => l.length)) {
        const fit = Math.max(1, Math.floor((A4.height - 2 * MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT - 3 * LINE) / LINE));
        const piece = remaining.map((l) => l.slice(0, fit));
        remaining = remaining.map((l) => l.slice(fit));
        const height = Math.max(...piece.map((l) => l.length)) * LINE + 5;
        if (this.y - height < MARGIN + FOOTER_HEIGHT) {
          this.newPage();
          if (showHeader) drawHeader();
        }
        this.drawRow(piece, widths, options.labels ? [this.bold, this.font] : [this.font], height);
      }
    }
    this.y -= 8;
  }

  private drawRow(cells: string[][], widths: number[], fonts: PDFFont[], height: number) {
    let x = MARGIN + 3;
    cells.forEach((lines, i) => {
      for (const [n, line] of lines.entries())
        this.page.drawText(line, { x, y: this.y - 3 - SIZE - n * LINE + 1, size: SIZE, font: fonts[Math.min(i, fonts.length - 1)] });
      x += widths[i];
    });
    this.y -= height;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.4, color: RULE });
  }

  /** The finished PDF, with the running header and "Page n of N" on every page. */
  async save(): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    for (const [index, page] of pages.entries()) {
      const top = A4.height - MARGIN;
      page.drawText(printable(this.header.title), { x: MARGIN, y: top - 11, size: 11, font: this.bold });
      this.header.lines.forEach((line, n) => {
        page.drawText(printable(line), { x: MARGIN, y: top - 24 - n * 10, size: 7.5, font: this.font, color: GREY });
      });
      const ruleY = top - HEADER_HEIGHT + 8;
      page.drawLine({ start: { x: MARGIN, y: ruleY }, end: { x: A4.width - MARGIN, y: ruleY }, thickness: 0.6, color: RULE });
      const label = `Page ${index + 1} of ${pages.length}`;
      page.drawText(label, {
        x: A4.width - MARGIN - this.font.widthOfTextAtSize(label, 7.5),
        y: MARGIN - 4,
        size: 7.5,
        font: this.font,
        color: GREY,
      });
    }
    return this.pdf.save();
  }
}
