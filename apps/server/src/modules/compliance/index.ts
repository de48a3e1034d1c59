// What other modules may use of compliance; everything else in this folder is its own.
export { declareCategorisation, recordCategorisationByStaff } from './service';
