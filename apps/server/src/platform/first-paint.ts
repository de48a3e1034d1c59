import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { FIRST_PAINT_ID, fontStack, RISK_WARNING_MORE, RISK_WARNING_SUMMARY } from '@platform/domain';
import { escapeHtml } from './html';

/** Where apps/web/index.html takes the first paint; a build without it is served as it is. */
export const FIRST_PAINT_SLOT = '<!--first-paint-->';

/**
 * The investor header as the page's HTML draws it before the web app's code has run (decision
 * 0079): the risk warning band, word for word and in the firm's font, over an empty navigation row.
 * The rules are the web app's (`.risk-warning`, `.first-paint` in global.css, in the stylesheet the
 * page loads before it paints), so the band the shell draws in its place looks the same. Hidden from
 * assistive technology: it is there for the eye until the real header, with its controls, arrives.
 */
function investorFirstPaint(font: string): string {
  return (
    `<div id="${FIRST_PAINT_ID}" class="first-paint" aria-hidden="true" style="font-family: ${escapeHtml(fontStack(font))}">` +
    `<div class="risk-warning"><p>${escapeHtml(RISK_WARNING_SUMMARY)} <span class="risk-warning-more">${escapeHtml(RISK_WARNING_MORE)}</span></p></div>` +
    '<div class="first-paint-bar"></div></div>'
  );
}

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The investor pages' HTML with the first paint in `indexHtml`'s slot, compressed as the request
 * accepts (the build's precompressed file has no band). Made once per font, the one setting it reads.
 */
export function investorPages(indexHtml: string) {
  const made = new Map<string, Record<Encoding, Buffer>>();
  return (font: string, acceptEncoding: string | undefined) => {
    let bodies = made.get(font);
    if (!bodies) {
      const html = Buffer.from(indexHtml.replace(FIRST_PAINT_SLOT, investorFirstPaint(font)));
      bodies = { br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html), identity: html };
      made.set(font, bodies);
    }
    const encoding = negotiate(acceptEncoding ?? '', ENCODINGS) ?? 'identity';
    return { encoding, body: bodies[encoding] };
  };
}
