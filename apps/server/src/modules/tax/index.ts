// What other modules may use of tax relief; everything else in this folder is its own.
export { assertShareIssueOf } from './service';
