import DOMPurify from 'dompurify';

/** Server-sanitised HTML, sanitised once more here: the browser never trusts markup blindly. */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html ?? '') }} />;
}
