// The API contract: each route's params, query, body and responses as zod schemas. The server
// declares them on its routes (and /api/docs is generated from them); the web infers its types and
// validates its forms with the same schemas.
export * from './common';
export * from './fields';
export * from './funds';
export * from './records';
export * from './performance';
