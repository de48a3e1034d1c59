import { IMPORT_FIELDS, IMPORT_REQUIRED, type ImportKind, type ImportMapping } from '@platform/domain';
import { validationError } from '../../platform/errors';
import type { ImportRow } from '../../shared/importer';
import type { Sheet } from './parse';

/** The mapping as sent (JSON text of column index → field): known fields, each used once. */
export function parseMapping(kind: ImportKind, raw: unknown, columns: number): ImportMapping {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw validationError({ mapping: ['Send the column mapping as JSON: { column number: field }.'] });
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw validationError({ mapping: ['Send the column mapping as JSON: { column number: field }.'] });
  const known = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  for (const [column, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === '' || field == null) continue;
    const index = Number(column);
    if (!Number.isInteger(index) || index < 0 || index >= columns)
      throw validationError({ mapping: [`Column ${column} is not in the file.`] });
    if (typeof field !== 'string' || !known.has(field))
      throw validationError({ mapping: [`'${String(field)}' is not a field a column can fill.`] });
    if (used.has(field))
      throw validationError({ mapping: [`Two columns fill ${IMPORT_FIELDS[kind].find((f) => f.key === field)!.label}: choose one.`] });
    used.add(field);
    mapping[String(index)] = field;
  }
  for (const { anyOf, message } of IMPORT_REQUIRED[kind])
    if (!anyOf.some((field) => used.has(field))) throw validationError({ mapping: [message] });
  return mapping;
}

/** The sheet's rows read through the mapping: each cell by the field its column fills. */
export function rowsOf(sheet: Sheet, mapping: ImportMapping): ImportRow[] {
  const columnOf = new Map(Object.entries(mapping).map(([column, field]) => [field, Number(column)]));
  return sheet.rows.map(({ line, cells }) => ({
    line,
    get: (field: string) => {
      const column = columnOf.get(field);
      return column === undefined ? '' : (cells[column] ?? '').trim();
    },
  }));
}
