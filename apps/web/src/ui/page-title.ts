import { useEffect } from 'react';
import { useBranding } from '../app/settings';

/** Sets the document title: the page, then the tenant's pageTitle wording (spec §2.1). */
export function usePageTitle(page?: string, options: { exact?: boolean } = {}) {
  const { terms, settings } = useBranding();
  useEffect(() => {
    if (options.exact && page) {
      document.title = page;
      return;
    }
    const base = `${terms.pageTitle}${settings?.isTrial ? ' (Trial)' : ''}`;
    document.title = page ? `${page} | ${base}` : base;
  }, [page, options.exact, terms.pageTitle, settings?.isTrial]);
}
