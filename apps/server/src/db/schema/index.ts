/** The whole database schema: one file per area, re-exported here for Drizzle and the app. */
export * from './platform';
export * from './deals-funds';
export * from './people';
export * from './opportunities';
export * from './compliance';
export * from './records';
export * from './attributes';
export * from './contacts';
export * from './pre-emption';
export * from './insider-register';
export * from './kpis';
export * from './update-reports';
export * from './lookups';
