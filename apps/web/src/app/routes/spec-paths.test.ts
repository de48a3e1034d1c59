import { describe, expect, it } from 'vitest';
import { canonicalSubPagePath } from './spec-paths';

describe('canonicalSubPagePath', () => {
  it('moves the spec’s sub-pages of details next to details', () => {
    expect(canonicalSubPagePath('/admin/investors/12/details/transactions')).toBe('/admin/investors/12/transactions');
    expect(canonicalSubPagePath('/admin/investors/12/details/investor-consent')).toBe('/admin/investors/12/investor-consent');
    expect(canonicalSubPagePath('/admin/investors/contacts/4/details/risk-profile')).toBe('/admin/investors/contacts/4/risk-profile');
    expect(canonicalSubPagePath('/admin/investors/organisations/9/details/notes-calls-tasks/')).toBe(
      '/admin/investors/organisations/9/notes-calls-tasks',
    );
    expect(canonicalSubPagePath('/admin/investments/opportunities/3/details/key-information')).toBe(
      '/admin/investments/opportunities/3/key-information',
    );
  });

  it('answers every sub-page the spec nests under details (§2.2)', () => {
    const nested: [string, string[]][] = [
      [
        '/admin/investors/5',
        [
          'transactions',
          'documents',
          'notes-calls-tasks',
          'category',
          'registration-form',
          'investment-documents',
          'fact-find',
          'risk-profile',
          'investor-consent',
        ],
      ],
      ['/admin/investors/contacts/5', ['documents', 'notes-calls-tasks', 'category', 'registration-form', 'fact-find', 'risk-profile']],
      ['/admin/investors/organisations/5', ['transactions', 'notes-calls-tasks']],
      ['/admin/investments/opportunities/5', ['key-information', 'transactions', 'notes-calls-tasks']],
    ];
    for (const [base, subPages] of nested)
      for (const sub of subPages) expect(canonicalSubPagePath(`${base}/details/${sub}`)).toBe(`${base}/${sub}`);
  });

  it('leaves the app’s own paths, the preview and unknown sub-pages alone', () => {
    expect(canonicalSubPagePath('/admin/investors/12/transactions')).toBeNull();
    expect(canonicalSubPagePath('/admin/investors/12/details')).toBeNull();
    expect(canonicalSubPagePath('/admin/investments/opportunities/3/details/preview')).toBeNull();
    expect(canonicalSubPagePath('/admin/investors/12/details/anything')).toBeNull();
    expect(canonicalSubPagePath('/investor/portfolio/1/details/transactions')).toBeNull();
  });
});
