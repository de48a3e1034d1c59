import { can } from './permissions';
import type { ATTRIBUTE_MODES } from './statuses';

/**
 * Custom attributes: fields a deployment adds to investors and contacts (Settings → Custom
 * Attributes). The rules for a value live here once, so the form and the server agree on them.
 */
export const ATTRIBUTE_SUBJECT_TYPES = ['user', 'contact'] as const;
export type AttributeSubjectType = (typeof ATTRIBUTE_SUBJECT_TYPES)[number];
export const ATTRIBUTE_SUBJECT_LABELS: Record<AttributeSubjectType, string> = { user: 'Investors', contact: 'Contacts' };

export const ATTRIBUTE_TYPES = ['text', 'number', 'date', 'select', 'multi_select', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const ATTRIBUTE_TYPE_LABELS: Record<AttributeType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  select: 'Select (one option)',
  multi_select: 'Multi-select',
  boolean: 'Yes/No',
};

export type AttributeMode = (typeof ATTRIBUTE_MODES)[number];
export const ATTRIBUTE_MODE_LABELS: Record<AttributeMode, string> = { editable: 'Editable', locked: 'Locked (view-only)' };

/** Types whose values come from the attribute's option list. */
export const attributeHasOptions = (type: AttributeType) => type === 'select' || type === 'multi_select';

export const ATTRIBUTE_TEXT_MAX = 2000;
export const ATTRIBUTE_OPTION_MAX = 100;
export const ATTRIBUTE_OPTIONS_MAX = 100;

/** A stored value: text, an exact decimal as text, a YYYY-MM-DD date, options, yes/no; null when empty. */
export type AttributeValue = string | string[] | boolean | null;

export interface AttributeDefinition {
  id: number;
  type: AttributeType;
  options: string[];
  mode: AttributeMode;
}

/**
 * Who may change the value of a locked attribute: roles holding `attributes_lock` (Support, spec
 * §6). Everyone else sees a locked value but cannot change it (docs/decisions/0016).
 */
export function mayEditAttribute(roleId: number | null | undefined, attribute: Pick<AttributeDefinition, 'mode'>): boolean {
  return attribute.mode === 'editable' || can(roleId, 'attributes_lock', 'index');
}

const NUMBER = /^-?\d{1,18}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function calendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export type AttributeCheck = { ok: true; value: AttributeValue } | { ok: false; message: string };

const fail = (message: string): AttributeCheck => ({ ok: false, message });

/**
 * Checks one value against its attribute and returns it in stored form. Empty input ('' , null,
 * [] or undefined) clears the value. Numbers stay exact decimal text; booleans accept '1'/'0'
 * (spec §5) and 'true'/'false'.
 */
export function checkAttributeValue(attribute: Pick<AttributeDefinition, 'type' | 'options'>, raw: unknown): AttributeCheck {
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return { ok: true, value: null };
  switch (attribute.type) {
    case 'text': {
      if (typeof raw !== 'string') return fail('Enter text.');
      const text = raw.trim();
      if (text.length > ATTRIBUTE_TEXT_MAX) return fail(`Use at most ${ATTRIBUTE_TEXT_MAX} characters.`);
      return { ok: true, value: text || null };
    }
    case 'number': {
      const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!NUMBER.test(text)) return fail('Enter a number such as 1250 or 12.5 (up to 6 decimal places).');
      return { ok: true, value: text };
    }
    case 'date': {
      if (typeof raw !== 'string' || !calendarDate(raw.trim())) return fail('Enter a date as YYYY-MM-DD.');
      return { ok: true, value: raw.trim() };
    }
    case 'boolean': {
      if (raw === true || raw === '1' || raw === 1 || raw === 'true') return { ok: true, value: true };
      if (raw === false || raw === '0' || raw === 0 || raw === 'false') return { ok: true, value: false };
      return fail('Choose yes or no.');
    }
    case 'select': {
      if (typeof raw !== 'string' || !attribute.options.includes(raw)) return fail(`Choose one of ${attribute.options.join(', ')}.`);
      return { ok: true, value: raw };
    }
    case 'multi_select': {
      const list = Array.isArray(raw) ? raw : [raw];
      if (list.some((item) => typeof item !== 'string' || !attribute.options.includes(item)))
        return fail(`Choose from ${attribute.options.join(', ')}.`);
      // Kept in the order of the option list, once each, so equal choices compare equal.
      return { ok: true, value: attribute.options.filter((option) => list.includes(option)) };
    }
  }
}

/** How a value reads on a page or in an export. */
export function formatAttributeValue(type: AttributeType, value: AttributeValue): string {
  if (value === null) return '';
  if (type === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export function sameAttributeValue(a: AttributeValue, b: AttributeValue): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
