import {
  type Action,
  createLookupValueBody,
  listQuery,
  LOOKUP_LIST_NAMES,
  LOOKUP_LISTS,
  type LookupListName,
  lookupListFlag,
  lookupListSpec,
  lookupValueSchema,
  updateLookupValueBody,
} from '@platform/domain';
import { lookupValues } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { App, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { authorize, authorizeAny, behindFeature, type Grant } from '../../platform/guards';
import { idsFilter } from '../../platform/list-filters';
import { listResource, parseListQuery } from '../../platform/list-query';
import { registerResource } from '../../platform/resource';
import { flagOn, loadSettings } from '../../shared/settings';
import { createLookupValue, deleteLookupValue, findLookupValue, listLookupValues, retiredFilter, updateLookupValue } from './service';

/**
 * Staff who fill in these fields read the lists: whoever may create or update deals, live or
 * existing opportunities or companies, besides the settings page's own grant.
 */
const READERS: Grant[] = [
  ['deals', 'create'],
  ['deals', 'update'],
  ['live_opportunities', 'create'],
  ['live_opportunities', 'update'],
  ['existing_opportunities', 'create'],
  ['existing_opportunities', 'update'],
  ['fund_opportunities', 'update'],
];

/**
 * The lookup lists (spec §2.2 settings; decision 0027), one resource each at `/api/<list>`:
 * every entry at once in list order, show, create, update (rename, move, retire) and delete, which
 * answers 409 while records hold the entry. Writes need the list's settings grant (Super Admin and
 * Support). Categories and characters live behind their flags.
 */
export function registerLookupRoutes(app: App, { db, clock }: AppContext) {
  for (const list of LOOKUP_LIST_NAMES) registerLookupList(app, db, clock, list);
}

function registerLookupList(app: App, db: AppContext['db'], clock: AppContext['clock'], list: LookupListName) {
  const { event } = LOOKUP_LISTS[list];
  const spec = lookupListSpec(list);
  const resource = listResource(spec, {
    filters: { retired: retiredFilter, investment_type_id: idsFilter('investment_type_id', lookupValues.parentId) },
    sorts: {},
    defaultSort: '',
  });
  const flag = lookupListFlag(list);
  const granted = (...actions: Action[]) =>
    actions.every((a) => a === 'index' || a === 'show') ? authorizeAny([event, actions[0]], ...READERS) : authorize(event, actions[0]);
  // A flagged list with its flag off answers 404 as if it were not there (as funds do, 0009).
  const guard = flag
    ? (...actions: Action[]) =>
        behindFeature(
          async () => {
            if (!flagOn(await loadSettings(db), flag)) throw new AppError('not_found', `${LOOKUP_LISTS[list].title} are not enabled.`);
          },
          granted(...actions),
        )
    : granted;
  const subjectType = `lookup_value`;

  registerResource(app, {
    path: `/api/${list}`,
    item: lookupValueSchema,
    guard,
    list: {
      query: listQuery(spec),
      paged: false,
      run: (_request, raw) => listLookupValues(db, list, parseListQuery(raw, resource).where),
    },
    show: { run: (_request, id) => findLookupValue(db, list, id) },
    create: {
      body: createLookupValueBody,
      async run(request, input) {
        const created = await db.transaction(async (tx) => {
          const row = await createLookupValue(tx, list, input);
          await recordActivity(tx, { request, action: 'created', subjectType, subjectId: row.id, after: row });
          return row;
        });
        return findLookupValue(db, list, created.id);
      },
    },
    update: {
      body: updateLookupValueBody,
      async run(request, id, input) {
        await db.transaction(async (tx) => {
          const { before, after } = await updateLookupValue(tx, list, id, input, clock.now());
          await recordActivity(tx, { request, action: 'updated', subjectType, subjectId: id, before, after });
        });
        return findLookupValue(db, list, id);
      },
    },
    remove: {
      async run(request, id) {
        await db.transaction(async (tx) => {
          const before = await deleteLookupValue(tx, list, id);
          await recordActivity(tx, { request, action: 'deleted', subjectType, subjectId: id, before });
        });
      },
    },
  });
}
