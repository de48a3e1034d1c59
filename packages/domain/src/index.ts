export * from './roles';
export * from './permissions';
export * from './flags';
export * from './terminology';
export * from './statuses';
export * from './constants';
export * from './menu';
export * from './auth-schemas';
