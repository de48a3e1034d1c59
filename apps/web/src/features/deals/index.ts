// What other features may use of deals; everything else in this folder is its own.
export { useStaff } from './api/save-deal';
