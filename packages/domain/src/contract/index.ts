// The API contract: each route's params, query, body and responses as zod schemas. The server
// declares them on its routes (and /api/docs is generated from them); the web infers its types and
// validates its forms with the same schemas.
export * from './common';
export * from './fields';
export * from './funds';
export * from './opportunities';
export * from './companies';
export * from './pipelines';
export * from './deals';
export * from './attributes';
export * from './contacts';
export * from './questionnaires';
export * from './imports';
export * from './investments';
export * from './holders';
export * from './investment-methods';
export * from './nominees';
export * from './payments';
export * from './pre-emption';
export * from './compliance';
export * from './profile';
export * from './auth';
export * from './users';
export * from './reports';
export * from './stats';
export * from './health';
export * from './notifications';
export * from './records';
export * from './performance';
export * from './insider-register';
export * from './wip-reports';
export * from './kpis';
export * from './organisations';
export * from './update-reports';
export * from './settings';
export * from './lookups';
