// What other features may use of companies; everything else in this folder is its own.
export type { Company } from './api/companies';
export { STATUS_OPTIONS, companyColumns } from './components/companies-list-page';
