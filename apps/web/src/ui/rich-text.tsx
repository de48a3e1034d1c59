import DOMPurify from 'dompurify';

/** Server-sanitised HTML, sanitised once more here: the browser never trusts markup blindly. */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by the server and again by DOMPurify on this line.
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html ?? '') }} />;
}
