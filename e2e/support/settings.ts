import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/client';
import { E2E_DATABASE_URL } from './env';

/** Turns feature flags of the journeys' deployment on or off, as staff would on the features page. */
export async function setFlags(flags: Record<string, boolean>) {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`update settings set flags = flags || ${JSON.stringify(flags)}::jsonb where id = 1`);
  } finally {
    await database.close();
  }
}

/** Keeps the branding as it is now, and answers a function that puts it back (a journey that rebrands leaves the rest unchanged). */
export async function keepBranding(): Promise<() => Promise<void>> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute(sql`select colors, logo, logo_light, font, font_file from settings where id = 1`);
    const kept = (result as unknown as { rows: Array<Record<string, string | null>> }).rows[0];
    return async () => {
      const again = openPostgres(E2E_DATABASE_URL, 1);
      try {
        await again.db.execute(
          sql`update settings set colors = ${kept.colors}, logo = ${kept.logo}, logo_light = ${kept.logo_light}, font = ${kept.font}, font_file = ${kept.font_file} where id = 1`,
        );
      } finally {
        await again.close();
      }
    };
  } finally {
    await database.close();
  }
}

/**
 * Keeps Settings › Investor as it is now and answers a function that puts back what a journey
 * changed, so the journeys after it start from the demo's wording and terms: PS22/10's risk warning,
 * the question text, and the terms version — each account's accepted version goes back no higher
 * than it, so an account that had not accepted the demo terms still has not.
 */
export async function keepInvestorSettings(): Promise<(changes?: { question?: { from: string; to: string } }) => Promise<void>> {
  const database = openPostgres(E2E_DATABASE_URL, 1);
  try {
    const result = await database.db.execute(
      sql`select terms_version, terms_format, terms_text, risk_warning_template from settings where id = 1`,
    );
    const kept = (
      result as unknown as {
        rows: Array<{ terms_version: number; terms_format: string; terms_text: string; risk_warning_template: string | null }>;
      }
    ).rows[0];
    return async ({ question } = {}) => {
      const again = openPostgres(E2E_DATABASE_URL, 1);
      try {
        await again.db.execute(
          sql`update settings set terms_version = ${kept.terms_version}, terms_format = ${kept.terms_format}, terms_text = ${kept.terms_text}, risk_warning_template = ${kept.risk_warning_template} where id = 1`,
        );
        await again.db.execute(sql`update users set accepted_terms_version = least(accepted_terms_version, ${kept.terms_version})`);
        if (question)
          await again.db.execute(sql`update compliance_questions set question = ${question.to} where question = ${question.from}`);
      } finally {
        await again.close();
      }
    };
  } finally {
    await database.close();
  }
}
