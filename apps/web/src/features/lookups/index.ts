// What other features may use of the lookup lists; everything else in this folder is its own.
export { LookupSelect } from './components/lookup-select';
