import type { Attribute, AttributeMode, AttributeSubjectType, AttributeType } from '@platform/domain';
import type { AttributeRow } from './service';

/** The text columns hold only the domain's values: every write is checked by the contract's body schema. */
export function presentAttribute(row: AttributeRow): Attribute {
  return {
    id: row.id,
    subject_type: row.subjectType as AttributeSubjectType,
    name: row.name,
    type: row.type as AttributeType,
    options: row.options,
    mode: row.mode as AttributeMode,
    description: row.description,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
