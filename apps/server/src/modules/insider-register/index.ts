// What other modules may use of the insider register; everything else in this folder is its own.
export { openProjectOf, recordProjectAccess, recordWallCrossing } from './service';
