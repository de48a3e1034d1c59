import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { createOwnershipChoiceBody, isFullOwnership, OWNERSHIP_MAX_HOLDERS, ownershipTotal } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { type OwnershipChoice, useHolderOptions, useOwnershipChoiceActions } from '../api/ownership-choices';
import { holderFieldsOf, holderOptions, holderValueOf } from './holder-options';

interface Values extends Record<string, unknown> {
  name: string;
  is_default: boolean;
  shares: Array<{ key: string; holder: string; percentage: string }>;
}

/** Rows keep a key of their own, so removing one does not hand its state to the next. */
let rows = 0;
const rowKey = () => `share-${++rows}`;

const bodyOf = (values: Values) => ({
  name: values.name,
  is_default: values.is_default,
  shares: values.shares.map((share) => ({ ...holderFieldsOf(share.holder), percentage: share.percentage })),
});

/** The first error on a share's holder, whichever holder field the rules named. */
const holderError = (errors: Record<string, unknown>, index: number) =>
  ['holder_type', 'organisation_id', 'investment_method_entity_id', 'nominee_id']
    .map((field) => errors[`shares.${index}.${field}`])
    .find(Boolean) as string | undefined;

/**
 * Adds or changes a whole-ownership choice: its name, its holders in register order with their
 * shares (one holder at 100% is whole ownership; joint shares must add up to exactly 100), and
 * whether it is the default.
 */
export function OwnershipChoiceForm({
  investorId,
  choice,
  opened,
  onClose,
}: {
  investorId?: number;
  choice?: OwnershipChoice;
  opened: boolean;
  onClose: () => void;
}) {
  const holders = useHolderOptions(investorId);
  const { save } = useOwnershipChoiceActions(investorId);
  const form = useForm<Values>({
    initialValues: {
      name: choice?.name ?? '',
      is_default: choice?.is_default ?? false,
      shares: choice?.shares.map((s) => ({ key: rowKey(), holder: holderValueOf(s), percentage: s.percentage })) ?? [
        { key: rowKey(), holder: 'personal', percentage: '100' },
      ],
    },
    validate: validateWith(createOwnershipChoiceBody, bodyOf),
    // The total's message belongs to the shares as they were: any change to them takes it away.
    onValuesChange: () => form.clearFieldError('shares'),
  });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    await save.mutateAsync({ id: choice?.id, body: bodyOf(values) });
    onClose();
  }, form);
  const options = holderOptions(holders.data).map(({ value, label }) => ({ value, label }));
  const percentages = form.values.shares.map((s) => s.percentage.trim());
  const total = percentages.every((p) => /^\d{1,3}(\.\d{1,4})?$/.test(p)) ? ownershipTotal(percentages) : null;
  return (
    <Modal opened={opened} onClose={onClose} title={choice ? `Change ${choice.name}` : 'New ownership choice'} size="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <TextInput label="Name" placeholder="Through my company" required {...form.getInputProps('name')} />
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Holders and their shares
            </Text>
            <Text size="xs" c="dimmed">
              One holder at 100% holds the whole investment. Joint holders' shares must add up to exactly 100%; the first is named first on
              the register.
            </Text>
            {form.values.shares.map((share, index) => (
              <Group key={share.key} align="flex-start" wrap="nowrap" gap="xs">
                <Select
                  label={`Holder ${index + 1}`}
                  data={options}
                  allowDeselect={false}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`shares.${index}.holder`)}
                  error={holderError(form.errors, index)}
                />
                <TextInput label="Share (%)" inputMode="decimal" w={110} {...form.getInputProps(`shares.${index}.percentage`)} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove holder ${index + 1}`}
                  disabled={form.values.shares.length === 1}
                  onClick={() => form.removeListItem('shares', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={form.values.shares.length >= OWNERSHIP_MAX_HOLDERS}
                onClick={() => form.insertListItem('shares', { key: rowKey(), holder: 'personal', percentage: '' })}
              >
                Add a joint holder
              </Button>
              <Text size="sm" c={total !== null && isFullOwnership(percentages) ? 'teal.8' : 'red.8'} aria-live="polite">
                Total: {total ?? '…'}%
              </Text>
            </Group>
            {typeof form.errors.shares === 'string' && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.shares}
              </Text>
            )}
          </Stack>
          <Checkbox label="Use this choice by default when investing" {...form.getInputProps('is_default', { type: 'checkbox' })} />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save choice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
