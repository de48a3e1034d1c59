// What other modules may use of contacts; everything else in this folder is its own.
export { purgeContact } from './service';
