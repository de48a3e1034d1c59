// What other modules may use of attributes; everything else in this folder is its own.
export { liveAttributes, readAttributeInput, saveAttributeValues } from './service';
export type { AttributeRow } from './service';
