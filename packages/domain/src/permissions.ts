import { Role, type RoleId } from './roles';

/** Actions of spec §6. `delete` is a soft delete; `delete_unsafe` is the only hard delete. */
export const ACTIONS = ['index', 'show', 'create', 'update', 'delete', 'delete_unsafe'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Event names: one per area of the permission table in spec §6. Settings are split per page so a
 * role can be given one settings page without the others.
 */
export const EVENTS = [
  'overview',
  'deals',
  'live_opportunities',
  'existing_opportunities',
  'fund_opportunities',
  'funds',
  'investors',
  'investor_password',
  'investor_category',
  'onboarding_documents',
  'cash_calls',
  'app_test',
  'attributes_lock',
  'insider_register',
  'screening',
  'kpis',
  'portfolio_kpis',
  'update_reports',
  'wip_reports',
  'settings_branding',
  'settings_pipelines',
  'settings_users',
  'settings_features',
  'settings_attributes',
  'settings_report_types',
  'settings_industries',
  'settings_types',
  'settings_sub_types',
  'settings_investor_type',
  'settings_compliance',
  // API tokens and triggers: what reaches the platform from outside and what it sends out (decision 0066).
  'settings_integrations',
] as const;
export type PermissionEvent = (typeof EVENTS)[number];

type Grants = Partial<Record<PermissionEvent, readonly Action[]>>;

const ALL: readonly Action[] = ['index', 'show', 'create', 'update', 'delete'];
const ALL_BUT_DELETE: readonly Action[] = ['index', 'show', 'create', 'update'];

/** Super Admin: everything the table lists, every action but the hard delete. */
const SUPER_ADMIN: Grants = {
  overview: ALL,
  deals: ALL,
  live_opportunities: ALL,
  existing_opportunities: ALL,
  fund_opportunities: ALL,
  funds: ALL,
  investors: ALL,
  investor_password: ['update'],
  investor_category: ALL,
  onboarding_documents: ALL,
  cash_calls: ALL,
  app_test: ['create'],
  // Insider Register is a compliance function; §6 names no role, see docs/decisions/0004.
  insider_register: ALL,
  // Sanctions and PEP screening is the MLRO's work, kept from those who deal with investors; docs/decisions/0032.
  screening: ALL,
  kpis: ALL,
  portfolio_kpis: ALL,
  update_reports: ALL,
  wip_reports: ALL,
  settings_branding: ALL,
  settings_pipelines: ALL,
  settings_users: ALL,
  settings_features: ALL,
  settings_attributes: ALL,
  settings_report_types: ALL,
  settings_industries: ALL,
  settings_types: ALL,
  settings_sub_types: ALL,
  settings_investor_type: ALL,
  settings_compliance: ALL,
  settings_integrations: ALL,
};

/**
 * The role × event × action table of spec §6 as data. Written in the order of the source table;
 * where a role is defined twice (Creator) the later definition is the one kept.
 */
const DEFINITIONS: Array<[RoleId, Grants]> = [
  [Role.SuperAdmin, SUPER_ADMIN],
  [
    Role.Support,
    {
      ...SUPER_ADMIN,
      attributes_lock: ['index'],
      live_opportunities: [...ALL, 'delete_unsafe'],
      existing_opportunities: [...ALL, 'delete_unsafe'],
      investors: [...ALL, 'delete_unsafe'],
    },
  ],
  [
    Role.InvestmentCommittee,
    {
      deals: ALL_BUT_DELETE,
      live_opportunities: ALL_BUT_DELETE,
      existing_opportunities: ALL_BUT_DELETE,
      funds: ALL,
      fund_opportunities: ALL_BUT_DELETE,
      investors: ALL_BUT_DELETE,
      investor_category: ['update'],
      overview: ['index'],
      kpis: ['index', 'show'],
      portfolio_kpis: ['index', 'show'],
      update_reports: ALL,
      wip_reports: ALL,
    },
  ],
  [
    Role.Entrepreneur,
    {
      deals: ['index', 'update', 'show'],
      live_opportunities: ['index', 'show', 'update'],
      existing_opportunities: ['index', 'update', 'show', 'create'],
    },
  ],
  [
    Role.Custodian,
    {
      live_opportunities: ['index', 'show', 'update'],
      existing_opportunities: ['index', 'show', 'update'],
      fund_opportunities: ['index', 'show', 'update'],
    },
  ],
  // The source table defines Creator twice; the first definition is overridden by the second.
  [Role.Creator, { investors: ['index'] }],
  [
    Role.InvestmentManager,
    {
      live_opportunities: ['index', 'show'],
      existing_opportunities: ['index', 'show'],
      investors: ['show', 'update', 'index', 'delete'],
      investor_category: ['update'],
      onboarding_documents: ['index'],
    },
  ],
  [Role.Adviser, { investors: ['show', 'create', 'update', 'index', 'delete'] }],
  [
    Role.FundManager,
    {
      deals: ALL,
      live_opportunities: ALL,
      existing_opportunities: ALL,
      investors: ALL_BUT_DELETE,
      funds: ['index', 'show', 'update', 'delete'],
      fund_opportunities: ALL,
      kpis: ['index', 'create'],
      portfolio_kpis: ['index'],
      update_reports: ['index', 'show'],
      wip_reports: ['index', 'show'],
    },
  ],
  [Role.Creator, { investors: ['index', 'create'] }],
  [Role.User, {}],
];

/** The resolved table: later definitions of a role replace earlier ones. */
export const PERMISSIONS: ReadonlyMap<RoleId, Grants> = new Map(DEFINITIONS);

/**
 * Whether a role may perform an action on an event. No event means the check does not apply
 * (allowed); an unknown role is denied (spec §6).
 */
export function can(roleId: number | null | undefined, event: PermissionEvent | null | undefined, action: Action): boolean {
  if (!event) return true;
  const grants = roleId == null ? undefined : PERMISSIONS.get(roleId as RoleId);
  if (!grants) return false;
  return grants[event]?.includes(action) ?? false;
}

/** Whether the role may do anything at all with an event (used for menus). */
export function canAny(roleId: number | null | undefined, event: PermissionEvent): boolean {
  return ACTIONS.some((action) => can(roleId, event, action));
}
