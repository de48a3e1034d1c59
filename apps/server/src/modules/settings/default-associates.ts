import { eq } from 'drizzle-orm';
import { dataOf, defaultAssociatesSchema, type DefaultAssociates, updateDefaultAssociatesBody } from '@platform/domain';
import { settings } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { authorize } from '../../platform/guards';
import { assertAdviser, assertOwner } from '../../shared/investor-associates';
import { loadSettings, SETTINGS_ID, type SettingsRow } from '../../shared/settings';

const present = (row: SettingsRow): DefaultAssociates => ({ owner_id: row.defaultOwnerId, adviser_id: row.defaultAdviserId });

/**
 * Settings › Features, under `enableDefaultInvestorAssociates`: the owner and adviser every new
 * investor gets (shared/investor-associates.ts applies them). Kept while the flag is off, so
 * switching it back on restores them.
 */
export function registerDefaultAssociatesRoutes(app: App, { db }: AppContext) {
  const answer = { 200: dataOf(defaultAssociatesSchema) };

  app.get(
    '/api/default-investor-associates',
    { schema: { response: answer }, onRequest: authorize('settings_features', 'show') },
    async () => ({ data: present(await loadSettings(db)) }),
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/api/default-investor-associates',
    schema: { body: updateDefaultAssociatesBody, response: answer },
    onRequest: authorize('settings_features', 'update'),
    handler: async (request) => {
      const input = request.body;
      await assertOwner(db, input.owner_id);
      await assertAdviser(db, input.adviser_id);
      const before = await loadSettings(db);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(settings)
          .set({ defaultOwnerId: input.owner_id, defaultAdviserId: input.adviser_id, updatedAt: new Date() })
          .where(eq(settings.id, SETTINGS_ID))
          .returning();
        await recordActivity(tx, {
          request,
          action: 'default_associates_updated',
          subjectType: 'settings',
          subjectId: SETTINGS_ID,
          before: present(before),
          after: present(row),
        });
        return row;
      });
      return { data: present(updated) };
    },
  });
}
