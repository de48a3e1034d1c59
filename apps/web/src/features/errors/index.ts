// What other features may use of errors; everything else in this folder is its own.
export { ErrorPage } from './error-page';
