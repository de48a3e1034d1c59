// What other modules may use of sign-up documents; everything else in this folder is its own.
export { createDocument as createSignUpDocument } from './service';
