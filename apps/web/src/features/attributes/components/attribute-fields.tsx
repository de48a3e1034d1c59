import { MultiSelect, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { formatAttributeValue, mayEditAttribute, sameAttributeValue, type AttributeValue } from '@platform/domain';
import { Fact } from '../../../ui/fact';
import type { Attribute, AttributeValueEntry } from '../api/attributes';
import { DateField } from '../../../ui/date-field';

/**
 * Custom attributes on a record's form (investors, contacts). The form keeps them under one
 * `attributes` value: `{ [attribute id]: value }`; server errors arrive on `attributes.<id>` and
 * show on the field. Locked attributes are shown read-only to roles that may not change them.
 *
 * Use: put `attributes: attributeFormValues(record?.attribute_values)` in the form's initial
 * values, render `<AttributeFields form={form} attributes={list} roleId={user.role_id} />`, and send
 * `attributesPayload(list, values.attributes, initial, roleId)` as the `attributes` field.
 */
export type AttributeFormValues = Record<string, AttributeValue>;

export function attributeFormValues(entries: AttributeValueEntry[] | undefined): AttributeFormValues {
  return Object.fromEntries((entries ?? []).map((e) => [String(e.attribute_id), e.value]));
}

/**
 * The `attributes` field to send: the values of the attributes this role may change that differ
 * from what the record holds (an emptied field clears its value). JSON text, as FormData carries it.
 */
export function attributesPayload(
  attributes: Attribute[],
  values: AttributeFormValues,
  initial: AttributeFormValues,
  roleId: number | undefined,
): string | undefined {
  const changed = Object.fromEntries(
    attributes
      .filter((a) => mayEditAttribute(roleId, a))
      .map((a) => [String(a.id), values[String(a.id)] ?? null] as const)
      .filter(([id, value]) => !sameAttributeValue(value, initial[id] ?? null))
      .map(([id, value]) => [id, value === null ? '' : value]),
  );
  return Object.keys(changed).length ? JSON.stringify(changed) : undefined;
}

interface FieldsProps<Values extends { attributes: AttributeFormValues }> {
  form: UseFormReturnType<Values>;
  attributes: Attribute[];
  roleId: number | undefined;
}

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

export function AttributeFields<Values extends { attributes: AttributeFormValues }>({ form, attributes, roleId }: FieldsProps<Values>) {
  if (!attributes.length) return null;
  const values = form.getValues().attributes ?? {};
  const set = (id: number, value: AttributeValue) => {
    // The whole object is replaced so the form never treats the numeric id as an array index.
    form.setFieldValue('attributes' as never, { ...form.getValues().attributes, [String(id)]: value } as never);
    form.clearFieldError(`attributes.${id}`);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {attributes.map((attribute) => {
        const id = String(attribute.id);
        const value = values[id] ?? null;
        const locked = !mayEditAttribute(roleId, attribute);
        const common = {
          label: attribute.name,
          description: locked ? 'Locked: shown for reference, it cannot be changed here.' : (attribute.description ?? undefined),
          error: form.errors[`attributes.${id}`],
          readOnly: locked,
          variant: locked ? 'filled' : undefined,
          rightSection: locked ? <IconLock size={14} aria-label="Locked" /> : undefined,
        };
        switch (attribute.type) {
          case 'text':
            return (
              <Textarea
                key={id}
                {...common}
                autosize
                minRows={1}
                maxRows={4}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => set(attribute.id, e.currentTarget.value)}
              />
            );
          case 'number':
            return (
              <TextInput
                key={id}
                {...common}
                inputMode="decimal"
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => set(attribute.id, e.currentTarget.value)}
              />
            );
          case 'date':
            return (
              <DateField key={id} {...common} value={typeof value === 'string' ? value : ''} onChange={(day) => set(attribute.id, day)} />
            );
          case 'select':
            return (
              <Select
                key={id}
                {...common}
                data={attribute.options}
                clearable={!locked}
                value={typeof value === 'string' ? value : null}
                onChange={(v) => set(attribute.id, v)}
              />
            );
          case 'multi_select':
            return (
              <MultiSelect
                key={id}
                {...common}
                data={attribute.options}
                clearable={!locked}
                value={Array.isArray(value) ? value : []}
                onChange={(v) => set(attribute.id, v)}
              />
            );
          case 'boolean':
            return (
              <Select
                key={id}
                {...common}
                data={YES_NO}
                clearable={!locked}
                value={value === true ? '1' : value === false ? '0' : null}
                onChange={(v) => set(attribute.id, v === null ? null : v === '1')}
              />
            );
          default:
            return null;
        }
      })}
    </SimpleGrid>
  );
}

/** A record's attribute values on its details page. */
export function AttributeValues({ attributes, entries }: { attributes: Attribute[]; entries: AttributeValueEntry[] | undefined }) {
  if (!attributes.length)
    return (
      <Text size="sm" c="dimmed">
        No custom attributes are defined yet.
      </Text>
    );
  const byId = new Map((entries ?? []).map((e) => [e.attribute_id, e]));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {attributes.map((a) => (
        <Fact key={a.id} label={a.name} value={formatAttributeValue(a.type, byId.get(a.id)?.value ?? null)} />
      ))}
    </SimpleGrid>
  );
}
