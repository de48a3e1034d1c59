// What other modules may use of compliance; everything else in this folder is its own.
export { assertMayInvest } from './gate';
export { declareCategorisation, recordCategorisationByStaff } from './service';
