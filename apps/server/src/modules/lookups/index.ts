// What other modules may use of the lookup lists; everything else in this folder is its own.
export { assertListed } from './service';
