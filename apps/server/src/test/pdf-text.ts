import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js reads the standard fonts' metrics from its own folder. */
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of each page of a PDF, read back with pdf.js (the renderer the web uses), lines joined by spaces. */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: Uint8Array.from(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}
