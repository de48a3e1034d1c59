import { useEffect, useRef } from 'react';
import DOMPurify from 'dompurify';
import { isRichTextVideoSrc, RICH_TEXT_FORMULA_TYPE } from '@platform/domain';

// The browser keeps the server's video frames (decision 0042) but, as the server, only of the allowed players.
DOMPurify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'iframe' && !isRichTextVideoSrc((node as Element).getAttribute('src') ?? undefined))
    node.parentNode?.removeChild(node);
});
const PURIFY = { ADD_TAGS: ['iframe'], ADD_ATTR: ['allowfullscreen', 'loading', 'referrerpolicy'] };

/**
 * Server-sanitised HTML, sanitised once more here: the browser never trusts markup blindly.
 * Formulas are typeset with KaTeX, which with its style sheet loads only for a text that has one.
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = DOMPurify.sanitize(html ?? '', PURIFY);
  useEffect(() => {
    const root = ref.current;
    if (!root || !clean.includes(`data-type="${RICH_TEXT_FORMULA_TYPE}"`)) return;
    let current = true;
    void import('./formula').then(({ renderFormulas }) => {
      if (current) renderFormulas(root);
    });
    return () => {
      current = false;
    };
  }, [clean]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by the server and again by DOMPurify above.
  return <div ref={ref} className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
