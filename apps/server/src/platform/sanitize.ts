import sanitizeHtml from 'sanitize-html';
import {
  isRichTextVideoSrc,
  RICH_TEXT_CLASSES,
  RICH_TEXT_FORMULA_TYPE,
  RICH_TEXT_IMAGE_PATH,
  richTextVideo,
  richTextVideoAttributes,
} from '@platform/domain';

/** A picture uploaded for rich text, served by this app: the only source an `<img>` may have. */
const OWN_IMAGE = new RegExp(`^${RICH_TEXT_IMAGE_PATH.replace(/\//g, '\\/')}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);

/** Only a formula's span carries data: its type and its LaTeX. */
const keepFormulaData: sanitizeHtml.Transformer = (tagName, { class: className, 'data-type': type, 'data-latex': latex }) => ({
  tagName,
  attribs: {
    ...(className === undefined ? {} : { class: className }),
    ...(type === RICH_TEXT_FORMULA_TYPE && latex ? { 'data-type': type, 'data-latex': latex } : {}),
  },
});

/** Where nothing draws a formula (a mail client, a PDF, plain text), it is written out as its LaTeX. */
const formulaAsLatex: sanitizeHtml.Transformer = (tagName, attribs) =>
  attribs['data-type'] === RICH_TEXT_FORMULA_TYPE && attribs['data-latex']
    ? { tagName: 'code', attribs: {}, text: attribs['data-latex'] }
    : keepFormulaData(tagName, attribs);

/**
 * Rich text and notification HTML keep what the editor makes and nothing else (decision 0042):
 * formatting, headings, links, our own pictures, sizes and fonts as classes from a fixed list,
 * formulas as their LaTeX, and videos from the two allowed players. No scripts, styles, event
 * handlers, javascript: URLs, images from elsewhere (a tracking pixel, a data: URL) or other frames.
 * Links open safely in a new tab.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'span',
    'sub',
    'sup',
    'pre',
    'code',
    'img',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['class', 'data-type', 'data-latex'],
    img: ['src', 'alt'],
    iframe: Object.keys(richTextVideoAttributes({ src: '', title: '' })),
  },
  allowedClasses: { span: [...RICH_TEXT_CLASSES] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    span: keepFormulaData,
    // A video is rewritten to the one attribute set the editor writes; a frame of anything else keeps no src and goes.
    iframe: (tagName, attribs) => {
      const video = isRichTextVideoSrc(attribs.src) ? richTextVideo(attribs.src) : null;
      return { tagName, attribs: video ? richTextVideoAttributes(video) : {} };
    },
  },
  // A frame's content is never shown: text inside one goes with it.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe'],
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? '')) || (frame.tag === 'iframe' && !frame.attribs.src),
};

export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, RICH_TEXT) : '';
}

/** The ids of our own pictures a sanitised text shows, each once. */
export function richTextImageIds(html: string): string[] {
  const ids = new Set<string>();
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g))
    if (OWN_IMAGE.test(src)) ids.add(src.slice(RICH_TEXT_IMAGE_PATH.length));
  return [...ids];
}

/**
 * Sanitised rich text for an e-mail: the same without pictures, which load only for a signed-in
 * reader and so never in a mail client, and without videos, which mail clients do not play (the
 * e-mail links to the page that shows them); formulas are written out as their LaTeX.
 */
export function richTextForEmail(html: string): string {
  const allowedTags = (RICH_TEXT.allowedTags as string[]).filter((tag) => tag !== 'img' && tag !== 'iframe');
  return sanitizeHtml(html, { ...RICH_TEXT, allowedTags, transformTags: { ...RICH_TEXT.transformTags, span: formulaAsLatex } });
}

/** Rich text as plain text (an e-mail's text part): block ends become line breaks, every tag goes, entities are decoded. */
export function richTextToPlain(html: string | null | undefined): string {
  const broken = (html ?? '').replace(/<br\s*\/?>|<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n');
  const formulasWritten = sanitizeHtml(broken, { allowedTags: ['code'], allowedAttributes: {}, transformTags: { span: formulaAsLatex } });
  const text = sanitizeHtml(formulasWritten, { allowedTags: [], allowedAttributes: {} });
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity])
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What a logo drawn in SVG needs: shapes, text, gradients, clipping and filters — nothing that runs or fetches. */
const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
];
const SVG_ATTRIBUTES = [
  'id',
  'class',
  'style',
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathLength',
  'transform',
  'href',
  'xlink:href',
  'offset',
  'opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'display',
  'visibility',
  'color',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'radius',
  'xml:space',
];
/** A reference that leaves the document: anything but `#fragment` in href, url() or @import. */
const EXTERNAL_URL = /url\s*\(\s*['"]?\s*(?!#)|@import|expression\s*\(|javascript:/i;

const SVG: sanitizeHtml.IOptions = {
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowVulnerableTags: true,
  nonTextTags: ['script', 'foreignObject', 'textarea', 'noscript', 'iframe'],
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) =>
          name === 'href' || name === 'xlink:href' ? value.trim().startsWith('#') : !EXTERNAL_URL.test(value),
        ),
      ),
    }),
  },
  // A style sheet reaching outside the file goes whole: CSS is not worth parsing to save a logo's colours.
  exclusiveFilter: (frame) => frame.tag === 'style' && EXTERNAL_URL.test(frame.text),
};

/**
 * An uploaded SVG reduced to drawing: no script, event handlers, foreignObject, links or
 * references outside the file. Answers null when no `<svg>` is left — the file was not an SVG.
 */
export function sanitizeSvg(svg: string): string | null {
  const clean = sanitizeHtml(svg, SVG).trim();
  return /^<svg[\s>]/.test(clean) ? clean : null;
}
