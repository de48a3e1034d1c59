import type { AttributeRow } from './service';

export function presentAttribute(row: AttributeRow) {
  return {
    id: row.id,
    subject_type: row.subjectType,
    name: row.name,
    type: row.type,
    options: row.options,
    mode: row.mode,
    description: row.description,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
