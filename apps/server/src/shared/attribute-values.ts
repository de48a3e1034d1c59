import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AttributeMode, AttributeSubjectType, AttributeType, AttributeValue, PresentedAttributeValue } from '@platform/domain';
import type { Db } from '../db/client';
import { attributes, attributeValues } from '../db/schema';
import { idIn } from '../platform/list-filters';

/** Values are stored as JSON text (see the schema): written and read only through these two. */
export const encode = (value: AttributeValue): string | null => (value === null ? null : JSON.stringify(value));
export const decode = (text: string | null): AttributeValue => (text === null ? null : (JSON.parse(text) as AttributeValue));

/**
 * The attribute values of a page of records, in the attributes' order: one query for the page.
 * Values of deleted attributes are left out; attributes without a value are not listed.
 */
export async function attributeValuesFor(
  db: Db,
  subjectType: AttributeSubjectType,
  ids: readonly number[],
): Promise<Map<number, PresentedAttributeValue[]>> {
  const bySubject = new Map<number, PresentedAttributeValue[]>(ids.map((id) => [id, []]));
  if (!ids.length) return bySubject;
  const rows = await db
    .select({
      subjectId: attributeValues.subjectId,
      value: attributeValues.value,
      id: attributes.id,
      name: attributes.name,
      type: attributes.type,
      mode: attributes.mode,
    })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(
      and(eq(attributeValues.subjectType, subjectType), idIn(attributeValues.subjectId, [...new Set(ids)]), isNull(attributes.deletedAt)),
    )
    .orderBy(asc(attributes.position), asc(attributes.id));
  for (const row of rows) {
    if (row.value === null) continue;
    bySubject.get(row.subjectId)?.push({
      attribute_id: row.id,
      name: row.name,
      type: row.type as AttributeType,
      mode: row.mode as AttributeMode,
      value: decode(row.value),
    });
  }
  return bySubject;
}
