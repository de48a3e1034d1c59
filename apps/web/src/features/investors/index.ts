// What other features may use of investors; everything else in this folder is its own.
export { useOwners } from './api/use-investors';
