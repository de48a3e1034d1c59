import { describe, expect, it } from 'vitest';
import { can, HOLDER_PERMISSION_EVENT, Role, ROLE_IDS, visibleMenu, type ClientFlagName } from './index';

/** Decision 0012: holders answer to the 'investors' event; their pages follow the flags. */
describe('holders in the permission table and the menu', () => {
  it('lets only Support hard-delete a holder', () => {
    expect(ROLE_IDS.filter((role) => can(role, HOLDER_PERMISSION_EVENT, 'delete_unsafe'))).toEqual([Role.Support]);
  });

  it('shows Nominees and Organisation Applications only while their flags are on', () => {
    const links = (flags: Partial<Record<ClientFlagName, boolean>>) =>
      visibleMenu(Role.SuperAdmin, (flag) => Boolean(flags[flag]))
        .find((area) => area.key === 'investors')!
        .links.map((link) => link.path);
    expect(links({})).not.toContain('/admin/investors/nominees');
    expect(links({})).not.toContain('/admin/investors/organisation-applications');
    expect(links({})).toEqual(expect.arrayContaining(['/admin/investors/organisations', '/admin/investors/investment-methods']));
    expect(links({ enableNominee: true, enableOrganisationLinks: true })).toEqual(
      expect.arrayContaining(['/admin/investors/nominees', '/admin/investors/organisation-applications']),
    );
  });

  it("offers 'New nominee' only with nominees on, and holder creation only to roles that may create investors", () => {
    const create = (roleId: number, flags: Partial<Record<ClientFlagName, boolean>>) =>
      (visibleMenu(roleId, (flag) => Boolean(flags[flag])).find((area) => area.key === 'investors')?.create ?? []).map(
        (link) => link.label,
      );
    expect(create(Role.SuperAdmin, {})).toEqual(expect.arrayContaining(['New organisation', 'New investment method']));
    expect(create(Role.SuperAdmin, {})).not.toContain('New nominee');
    expect(create(Role.SuperAdmin, { enableNominee: true })).toContain('New nominee');
    expect(create(Role.InvestmentManager, { enableNominee: true })).toEqual([]);
  });
});
