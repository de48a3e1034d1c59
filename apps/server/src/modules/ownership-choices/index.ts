// What other modules may use of ownership-choices; everything else in this folder is its own.
export { holdingFromChoice, keepAsDefault } from './service';
export type { ChosenHolding } from './service';
