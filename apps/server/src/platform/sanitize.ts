import sanitizeHtml from 'sanitize-html';

/**
 * Rich text and notification HTML allow formatting and links only: no scripts, styles, event
 * handlers or javascript: URLs. Links open safely in a new tab.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'span', 'sub', 'sup', 'pre', 'code'],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['class'], p: ['class'], li: ['class'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, RICH_TEXT) : '';
}
