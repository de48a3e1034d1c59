import { describe, expect, it } from 'vitest';
import { OpportunityStatus, opportunityAdminPath } from './statuses';

describe('opportunityAdminPath', () => {
  it('opens an opportunity by its status (spec §2.2): draft → edit, live or closed → details, completed or matured → existing', () => {
    expect(opportunityAdminPath(7, OpportunityStatus.Draft)).toBe('/admin/investments/opportunities/7/edit');
    for (const status of [OpportunityStatus.LiveExternal, OpportunityStatus.LiveInternal, OpportunityStatus.Closed])
      expect(opportunityAdminPath(7, status)).toBe('/admin/investments/opportunities/7/details');
    for (const status of [OpportunityStatus.Completed, OpportunityStatus.Matured])
      expect(opportunityAdminPath(7, status)).toBe('/admin/investments/existing/7/details');
  });

  it('opens a named tab in the area of the status; asking for details is the same as asking for none', () => {
    expect(opportunityAdminPath(3, OpportunityStatus.Matured, 'transactions')).toBe('/admin/investments/existing/3/transactions');
    expect(opportunityAdminPath(3, OpportunityStatus.LiveInternal, 'notes-calls-tasks')).toBe(
      '/admin/investments/opportunities/3/notes-calls-tasks',
    );
    expect(opportunityAdminPath(3, OpportunityStatus.Draft, 'notes-calls-tasks')).toBe(
      '/admin/investments/opportunities/3/notes-calls-tasks',
    );
    expect(opportunityAdminPath(3, OpportunityStatus.Draft, 'details')).toBe('/admin/investments/opportunities/3/edit');
    expect(opportunityAdminPath(3, OpportunityStatus.Completed, 'details')).toBe('/admin/investments/existing/3/details');
  });
});
