import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  attributeHasOptions,
  checkAttributeValue,
  mayEditAttribute,
  sameAttributeValue,
  type AttributeMode,
  type AttributeSubjectType,
  type AttributeType,
  type AttributeValue,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { attributes, attributeValues } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { notFound, validationError, type FieldErrors } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { decode, encode } from '../../shared/attribute-values';
import type { CreateAttributeInput, UpdateAttributeInput } from '@platform/domain';

export type AttributeRow = typeof attributes.$inferSelect;

export async function liveAttributes(db: Db, subjectType: AttributeSubjectType): Promise<AttributeRow[]> {
  return db
    .select()
    .from(attributes)
    .where(and(eq(attributes.subjectType, subjectType), isNull(attributes.deletedAt)))
    .orderBy(asc(attributes.position), asc(attributes.id));
}

export async function findLiveAttribute(db: Db, id: number): Promise<AttributeRow | undefined> {
  const [row] = await db
    .select()
    .from(attributes)
    .where(and(eq(attributes.id, id), isNull(attributes.deletedAt)));
  return row;
}

export async function lockAttribute(tx: Db, id: number): Promise<AttributeRow> {
  const [row] = await tx
    .select()
    .from(attributes)
    .where(and(eq(attributes.id, id), isNull(attributes.deletedAt)))
    .for('update');
  if (!row) throw notFound('attribute');
  return row;
}

export async function createAttribute(tx: Db, input: CreateAttributeInput, now: Date): Promise<AttributeRow> {
  let position = input.position;
  if (position === undefined) {
    const [last] = await tx
      .select({ position: attributes.position })
      .from(attributes)
      .where(and(eq(attributes.subjectType, input.subject_type), isNull(attributes.deletedAt)))
      .orderBy(desc(attributes.position))
      .limit(1);
    position = last ? last.position + 1 : 0;
  }
  const [row] = await tx
    .insert(attributes)
    .values({
      subjectType: input.subject_type,
      name: input.name,
      type: input.type,
      options: attributeHasOptions(input.type) ? (input.options ?? []) : [],
      mode: input.mode ?? 'editable',
      description: input.description ?? null,
      position,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** Records holding a value of this attribute, and which options are in use. */
async function valuesInUse(tx: Db, attributeId: number) {
  const where = and(eq(attributeValues.attributeId, attributeId), isNotNull(attributeValues.value));
  const [{ total }] = await tx.select({ total: count() }).from(attributeValues).where(where);
  return { total: Number(total), where };
}

async function optionInUse(tx: Db, attributeId: number, option: string): Promise<boolean> {
  // A select holds the option itself; a multi-select a list containing it.
  const [row] = await tx
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .where(
      and(
        eq(attributeValues.attributeId, attributeId),
        sql`(${attributeValues.value}::jsonb = to_jsonb(${option}::text) or ${attributeValues.value}::jsonb @> jsonb_build_array(${option}::text))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Edits an attribute. Its type cannot change once records hold values (they would no longer fit),
 * and an option cannot be removed while a record has chosen it.
 */
export async function updateAttribute(tx: Db, before: AttributeRow, input: UpdateAttributeInput, now: Date): Promise<AttributeRow> {
  const type = (input.type ?? before.type) as AttributeType;
  const options = attributeHasOptions(type) ? (input.options ?? (before.type === type ? before.options : [])) : [];
  const errors: FieldErrors = {};
  if (type !== before.type && (await valuesInUse(tx, before.id)).total > 0) {
    errors.type = ['The type cannot change while records hold values of this attribute.'];
  }
  if (attributeHasOptions(type) && !options.length) errors.options = ['Add at least one option.'];
  if (!attributeHasOptions(type) && input.options?.length) errors.options = ['Only select and multi-select attributes have options.'];
  if (type === before.type && attributeHasOptions(type)) {
    for (const removed of before.options.filter((o) => !options.includes(o))) {
      if (await optionInUse(tx, before.id, removed)) {
        errors.options = [`'${removed}' is chosen on some records: change those first, or keep the option.`];
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const [row] = await tx
    .update(attributes)
    .set({ name: input.name, type, options, mode: input.mode, description: input.description, position: input.position, updatedAt: now })
    .where(eq(attributes.id, before.id))
    .returning();
  return row;
}

/**
 * The `attributes` field of a create or edit form: `{ "<attribute id>": value }`, as an object
 * (JSON body) or as JSON text (FormData). Absent means "leave the values as they are".
 */
export function readAttributeInput(raw: unknown): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw validationError({ attributes: ['Send the attribute values as a JSON object.'] });
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw validationError({ attributes: ['Send the attribute values as an object keyed by attribute id.'] });
  return value as Record<string, unknown>;
}

/**
 * Checks and writes a record's attribute values inside the caller's transaction, and logs the
 * change on the record. Every value is checked by its attribute's type; a problem is a 422 on
 * `attributes.<id>`. Values left out are kept; an empty value clears one. A locked attribute can
 * be changed only by roles allowed to (`mayEditAttribute`); sending its unchanged value is fine.
 */
export async function saveAttributeValues(
  tx: Db,
  request: FastifyRequest,
  target: { subjectType: AttributeSubjectType; subjectId: number; input: Record<string, unknown> | undefined; now: Date },
): Promise<void> {
  const { subjectType, subjectId, input, now } = target;
  if (!input || !Object.keys(input).length) return;
  const user = requireUser(request);
  const defined = new Map((await liveAttributes(tx, subjectType)).map((a) => [String(a.id), a]));
  const current = new Map(
    (
      await tx
        .select({ attributeId: attributeValues.attributeId, value: attributeValues.value })
        .from(attributeValues)
        .where(and(eq(attributeValues.subjectType, subjectType), eq(attributeValues.subjectId, subjectId)))
    ).map((r) => [String(r.attributeId), decode(r.value)]),
  );
  const errors: FieldErrors = {};
  const changes: Array<{ attribute: AttributeRow; before: AttributeValue; after: AttributeValue }> = [];
  for (const [key, raw] of Object.entries(input)) {
    const attribute = defined.get(key);
    const field = `attributes.${key}`;
    if (!attribute) {
      errors[field] = ['This attribute does not exist (it may have been deleted).'];
      continue;
    }
    const checked = checkAttributeValue({ type: attribute.type as AttributeType, options: attribute.options }, raw);
    if (!checked.ok) {
      errors[field] = [checked.message];
      continue;
    }
    const before = current.get(key) ?? null;
    if (sameAttributeValue(before, checked.value)) continue;
    if (!mayEditAttribute(user.roleId, { mode: attribute.mode as AttributeMode })) {
      errors[field] = [`${attribute.name} is locked: it can be viewed but not changed.`];
      continue;
    }
    changes.push({ attribute, before, after: checked.value });
  }
  if (Object.keys(errors).length) throw validationError(errors);
  if (!changes.length) return;
  for (const change of changes) {
    await tx
      .insert(attributeValues)
      .values({
        attributeId: change.attribute.id,
        subjectType,
        subjectId,
        value: encode(change.after),
        updatedBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [attributeValues.attributeId, attributeValues.subjectType, attributeValues.subjectId],
        set: { value: sql`excluded.value`, updatedBy: user.id, updatedAt: now },
      });
  }
  const named = (pick: 'before' | 'after') => Object.fromEntries(changes.map((c) => [c.attribute.name, c[pick]]));
  await recordActivity(tx, {
    request,
    action: 'attributes_updated',
    subjectType,
    subjectId,
    before: named('before'),
    after: named('after'),
  });
}

/** Soft delete: the attribute leaves forms and pages; its values stay in the database. */
export async function softDeleteAttribute(tx: Db, id: number, now: Date): Promise<AttributeRow> {
  const [after] = await tx.update(attributes).set({ deletedAt: now, updatedAt: now }).where(eq(attributes.id, id)).returning();
  return after;
}
