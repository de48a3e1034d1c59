import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The investor's download route of a document they may read (public, theirs or shared with them). */
export const investorDocumentDownload = (id: number) => `/api/my/documents/${id}/download`;

/**
 * Where an investor opens a document: a PDF served by their download route in the portal's viewer
 * (/investor/pdf/{id}), anything else by downloading it.
 */
export function investorDocumentHref(document: { id: number; mime_type?: string; download_url?: string }): string | undefined {
  if (document.mime_type === 'application/pdf' && document.download_url === investorDocumentDownload(document.id))
    return `/investor/pdf/${document.id}`;
  return document.download_url;
}

/** A document's name as a link: into the PDF viewer for a PDF, a download for anything else. */
export function DocumentLink({
  document,
  children,
  ...props
}: AnchorProps & { document: { id: number; mime_type?: string; download_url?: string }; children: ReactNode }) {
  const href = investorDocumentHref(document);
  if (href?.startsWith('/investor/'))
    return (
      <Anchor component={Link} to={href} {...props}>
        {children}
      </Anchor>
    );
  return (
    <Anchor href={href} {...props}>
      {children}
    </Anchor>
  );
}
