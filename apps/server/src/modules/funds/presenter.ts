import type { Db } from '../../db/client';
import { type funds, users } from '../../db/schema';
import { namesById } from '../../platform/lookup';
import { fundFiguresFor } from './figures';

export type FundRow = typeof funds.$inferSelect;

export function presentFund(row: FundRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    vintage: row.vintage,
    currency: row.currency,
    target_size: row.targetSize,
    management_fee: row.managementFee,
    performance_fee: row.performanceFee,
    manager_id: row.managerId,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Funds with their manager and figures on request: one query per relation for the whole page. */
export async function presentFundsWith(db: Db, rows: FundRow[], options: { manager: boolean; figures: boolean; asOf: string }) {
  const [managers, figures] = await Promise.all([
    options.manager
      ? namesById(
          db,
          users,
          rows.map((r) => r.managerId),
        )
      : null,
    options.figures
      ? fundFiguresFor(
          db,
          rows.map((r) => r.id),
          options.asOf,
        )
      : null,
  ]);
  return rows.map((row) => ({
    ...presentFund(row),
    ...(managers ? { manager: (row.managerId && managers.get(row.managerId)) || null } : {}),
    ...(figures ? { figures: figures.get(row.id)! } : {}),
  }));
}
