import type { ImportKind } from '@platform/domain';
import type { Importer } from '../../shared/importer';
import { kpiValuesImporter } from '../kpis';
import { peopleImporter } from './people';

/** Each import kind's rules and writer; the flow in routes.ts is the same for all. */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own record type; the flow only passes records back to their importer.
export const IMPORTERS: Record<ImportKind, Importer<any>> = {
  contacts: peopleImporter('contacts'),
  investors: peopleImporter('investors'),
  'kpi-values': kpiValuesImporter,
};
