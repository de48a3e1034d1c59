// What other modules may use of auth; everything else in this folder is its own.
export { sendInvitation } from './service';
