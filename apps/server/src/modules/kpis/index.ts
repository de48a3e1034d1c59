// What other modules may use of kpis; everything else in this folder is its own.
export { gridRows, presentGrid } from './service';
export { kpiValuesImporter } from './import';
