import { inArray } from 'drizzle-orm';
import { type CategorisationStatus, type InvestorCategory, type KycStatus, Role, type User, USER_INCLUDES } from '@platform/domain';
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
          deleted_at: row.deletedAt?.toISOString() ?? null,
        }
      : {}),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type Owner = { id: number; name: string; email: string } | null;

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
  return rows.map((row) => {
    const out: User & Record<string, unknown> = presentUser(row);
    for (const name of includes) {
      const key = snake(name.split('.')[0]);
      if (key === 'owner') out.owner = row.ownerId ? (owners.get(row.ownerId) ?? null) : null;
      else if (key === 'attribute_values') out.attribute_values = values?.get(row.id) ?? [];
      else out[key] ??= [];
    }
    return out;
  });
}
