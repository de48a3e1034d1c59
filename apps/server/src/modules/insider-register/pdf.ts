import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable, wrap } from '../../platform/pdf-report';
import type { EntryListRow, ProjectRow } from './service';
import { templateTime } from './list';

const PAGE = { width: 842, height: 595 }; // A4 landscape
const MARGIN = 36;
const SIZE = 8;
const LINE = 10.5;

const COLUMNS: Array<{ header: string; width: number; value: (r: EntryListRow) => string }> = [
  { header: 'First name(s)', width: 70, value: (r) => r.entry.firstName },
  {
    header: 'Surname(s) (birth surname)',
    width: 80,
    value: (r) => r.entry.surname + (r.entry.birthSurname ? ` (${r.entry.birthSurname})` : ''),
  },
  { header: 'Professional phone', width: 62, value: (r) => r.entry.professionalPhone ?? '' },
  { header: 'Company name and address', width: 86, value: (r) => [r.entry.companyName, r.entry.companyAddress].filter(Boolean).join(', ') },
  {
    header: 'Function and reason for being insider',
    width: 124,
    value: (r) => [r.entry.function, r.entry.reason].filter(Boolean).join(', '),
  },
  { header: 'Obtained (UTC)', width: 58, value: (r) => templateTime(r.entry.obtainedAt) ?? '' },
  { header: 'Ceased (UTC)', width: 58, value: (r) => templateTime(r.ceasedAt) ?? '' },
  { header: 'Date of birth', width: 50, value: (r) => r.entry.dateOfBirth ?? '' },
  { header: 'National ID', width: 50, value: (r) => r.entry.nationalId ?? '' },
  { header: 'Personal phone', width: 56, value: (r) => r.entry.personalPhone ?? '' },
  { header: 'Personal home address', width: 76, value: (r) => r.entry.homeAddress ?? '' },
];

/** One project's insider list as a PDF, in the layout of the template's section for one piece of inside information. */
export async function projectInsiderListPdf(
  project: ProjectRow,
  cleansedAt: Date | null,
  rows: EntryListRow[],
  generatedAt: Date,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Insider list: ${printable(project.name)}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const text = (value: string, x: number, size: number, f: PDFFont = font) => page.drawText(printable(value), { x, y, size, font: f });
  text(`Insider list: ${project.name}`, MARGIN, 14, bold);
  y -= 18;
  for (const line of [
    `Company: ${project.companyName}`,
    `Date and time (creation of this section, when the inside information was identified): ${templateTime(project.openedAt)}`,
    `Date and time (last update): ${templateTime(new Date(Math.max(project.openedAt.getTime(), ...rows.map((r) => r.entry.recordedAt.getTime()))))}`,
    `Cleansed: ${cleansedAt ? templateTime(cleansedAt) : 'not yet: the information is still inside information'}`,
    `Generated: ${templateTime(generatedAt)}`,
  ]) {
    text(line, MARGIN, 9);
    y -= 12;
  }
  y -= 6;

  const header = () => {
    const lines = COLUMNS.map((c) => wrap(c.header, bold, SIZE, c.width - 4));
    const height = Math.max(...lines.map((l) => l.length)) * LINE + 4;
    page.drawRectangle({ x: MARGIN, y: y - height + LINE - 2, width: PAGE.width - 2 * MARGIN, height, color: rgb(0.92, 0.93, 0.95) });
    let x = MARGIN + 2;
    COLUMNS.forEach((c, i) => {
      for (const [n, l] of lines[i].entries()) page.drawText(l, { x, y: y - n * LINE, size: SIZE, font: bold });
      x += c.width;
    });
    y -= height;
  };
  header();
  if (!rows.length) text('Nobody is on the insider list of this project.', MARGIN + 2, SIZE);
  for (const row of rows) {
    const cells = COLUMNS.map((c) => wrap(c.value(row), font, SIZE, c.width - 4));
    const height = Math.max(...cells.map((l) => l.length)) * LINE + 4;
    if (y - height < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      header();
    }
    let x = MARGIN + 2;
    cells.forEach((lines, i) => {
      for (const [n, l] of lines.entries()) page.drawText(l, { x, y: y - n * LINE, size: SIZE, font });
      x += COLUMNS[i].width;
    });
    y -= height;
    page.drawLine({
      start: { x: MARGIN, y: y + LINE - 2 },
      end: { x: PAGE.width - MARGIN, y: y + LINE - 2 },
      thickness: 0.4,
      color: rgb(0.8, 0.8, 0.8),
    });
  }
  return pdf.save();
}
