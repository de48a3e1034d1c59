import { formatDateTime } from '../../../app/format';

/** "Terms v2 accepted 3 Nov 2026, 14:02", or null before any version was accepted. */
export function termsAcceptedLabel(version: number | null, acceptedAt: string | null): string | null {
  return version !== null && acceptedAt ? `Terms v${version} accepted ${formatDateTime(acceptedAt)}` : null;
}
