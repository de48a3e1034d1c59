// What other features may use of attributes; everything else in this folder is its own.
export { useAttributes } from './api/attributes';
export type { Attribute } from './api/attributes';
export { AttributeFields, AttributeValues, attributeFormValues, attributesPayload } from './components/attribute-fields';
export type { AttributeFormValues } from './components/attribute-fields';
