// What other modules may use of companies; everything else in this folder is its own.
export { portfolioAnalysis } from './analysis';
export { COMPANIES_RESOURCE, liveCompanies } from './list';
export { presentCompaniesWith } from './presenter';
export type { CompanyRow } from './presenter';
