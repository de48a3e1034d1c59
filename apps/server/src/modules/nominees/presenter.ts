import type { Nominee } from '@platform/domain';
import type { nominees } from '../../db/schema';

export type NomineeRow = typeof nominees.$inferSelect;

export const presentNominee = (row: NomineeRow): Nominee => ({
  id: row.id,
  name: row.name,
  company_number: row.companyNumber,
  email: row.email,
  address: row.address,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
