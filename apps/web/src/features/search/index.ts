// What other features may use of the search; everything else in this folder is its own.
export { SearchSpotlight } from './components/search-spotlight';
