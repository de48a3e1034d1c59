/** Role ids of spec §6. All roles except User (5) work on the admin side. */
export const Role = {
  SuperAdmin: 1,
  Entrepreneur: 2,
  InvestmentCommittee: 3,
  User: 5,
  Custodian: 7,
  Support: 8,
  Creator: 9,
  InvestmentManager: 10,
  FundManager: 11,
  Adviser: 12,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_IDS: readonly RoleId[] = Object.values(Role);

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Super Admin',
  2: 'Entrepreneur',
  3: 'Investment Committee',
  5: 'User',
  7: 'Custodian',
  8: 'Support',
  9: 'Creator',
  10: 'Investment Manager',
  11: 'Fund Manager',
  12: 'Adviser',
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

export function isInvestorRole(roleId: number): boolean {
  return roleId === Role.User;
}

export function isStaffRole(roleId: number): boolean {
  return isRoleId(roleId) && roleId !== Role.User;
}
