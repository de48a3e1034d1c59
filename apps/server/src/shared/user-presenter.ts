import { inArray } from 'drizzle-orm';
import {
  type CategorisationStatus,
  type InvestorCategory,
  type KycStatus,
  type OnboardingDocument,
  type OwnershipChoice,
  Role,
  type User,
  USER_INCLUDES,
  type UserMethodAccount,
  type userOrganisationSchema,
} from '@platform/domain';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../platform/errors';
import type { UserRow } from '../platform/session';
import { attributeValuesFor } from './attribute-values';

export { USER_INCLUDES };

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function parseIncludes(raw: unknown, allowed: readonly string[] = USER_INCLUDES): Set<string> {
  const names = String(raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!allowed.includes(name)) throw new AppError('bad_request', `Unknown include '${name}'. Allowed includes: ${allowed.join(', ')}.`);
  }
  return new Set(names);
}

export function presentUser(row: UserRow): User {
  const investor = row.roleId === Role.User;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role_id: row.roleId,
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
    accepted_terms_version: row.acceptedTermsVersion,
    avatar: row.avatar,
    // Only investors carry the appropriateness state (spec §6).
    compliance_passed: investor ? row.compliancePassed : null,
    compliance_tries: investor ? row.complianceTries : null,
    compliance_questions: investor ? [] : null,
    ...(investor
      ? {
          phone: row.phone,
          address_line1: row.addressLine1,
          address_line2: row.addressLine2,
          city: row.city,
          postcode: row.postcode,
          country: row.country,
          date_of_birth: row.dateOfBirth,
          nationality: row.nationality,
          kyc_status: row.kycStatus as KycStatus,
          kyc_updated_at: row.kycUpdatedAt?.toISOString() ?? null,
          investor_category: row.investorCategory as InvestorCategory | null,
          categorisation_status: row.categorisationStatus as CategorisationStatus | null,
          owner_id: row.ownerId,
          adviser_id: row.adviserId,
          deleted_at: row.deletedAt?.toISOString() ?? null,
        }
      : {}),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type Owner = { id: number; name: string; email: string } | null;

/** The relations a module keeps and loads for `include=`, with the item each answers. */
type RelationItems = {
  organisations: z.infer<typeof userOrganisationSchema>;
  onboardingDocuments: OnboardingDocument;
  investmentMethodEntities: UserMethodAccount;
  leadInvestmentMethodEntities: UserMethodAccount;
  ownershipChoices: OwnershipChoice;
};
type Relation = keyof RelationItems;
/** Loads a relation for a whole page of users: user id → items. `nested` holds the sub-relations asked for. */
type RelationLoader<K extends Relation> = (db: Db, userIds: number[], nested: Set<string>) => Promise<Map<number, RelationItems[K][]>>;

const relations = new Map<Relation, RelationLoader<Relation>>();

/**
 * Called by the module that keeps a relation (organisations, investment methods) so that users are
 * presented with it; this layer cannot import modules. A relation no module registered answers [].
 */
export function registerUserRelation<K extends Relation>(name: K, load: RelationLoader<K>): void {
  relations.set(name, load as RelationLoader<Relation>);
}

async function loadRelations(db: Db, userIds: number[], includes: Set<string>) {
  const loaded = new Map<string, Map<number, unknown[]>>();
  for (const [name, load] of relations) {
    const asked = [...includes].filter((include) => include.split('.')[0] === name);
    if (!asked.length || !userIds.length) continue;
    const nested = new Set(asked.flatMap((include) => include.split('.').slice(1)));
    loaded.set(snake(name), await load(db, userIds, nested));
  }
  return loaded;
}

/** Presents users with the requested relations, loading each relation once for the whole page. */
export async function presentUsersWith(db: Db, rows: UserRow[], includes: Set<string>): Promise<User[]> {
  const owners = new Map<number, Owner>();
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id != null))];
  if (includes.has('owner') && ownerIds.length) {
    const found = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ownerIds));
    for (const owner of found) owners.set(owner.id, owner);
  }
  const values = includes.has('attributeValues')
    ? await attributeValuesFor(
        db,
        'user',
        rows.map((r) => r.id),
      )
    : null;
  const related = await loadRelations(
    db,
    rows.map((r) => r.id),
    includes,
  );
  return rows.map((row) => {
    const out: User & Record<string, unknown> = presentUser(row);
    for (const name of includes) {
      const key = snake(name.split('.')[0]);
      if (key === 'owner') out.owner = row.ownerId ? (owners.get(row.ownerId) ?? null) : null;
      else if (key === 'attribute_values') out.attribute_values = values?.get(row.id) ?? [];
      else out[key] ??= related.get(key)?.get(row.id) ?? [];
    }
    return out;
  });
}
