import { type ReactNode, useState } from 'react';
import { Badge, Checkbox, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import type { HolderType } from '@platform/domain';
import { useHolderOptions, useOwnershipChoices } from '../api/ownership-choices';
import { describeChoice, holderFieldsOf, holderOptions } from './holder-options';

/** How the invest page was reached: a saved choice or a holder named on the investor-type page, or neither. */
export interface OwnershipSearch {
  holder_type?: HolderType;
  holder_id?: number;
  choice_id?: number;
}

const choiceValue = (id: number) => `choice:${id}`;

/**
 * How the reservation will be held, for the invest page: the investor's saved whole-ownership
 * choices (the default preselected unless the page was reached with another), investing personally,
 * or the holder picked on the investor-type page; and "Save as my default". `fields` are what the
 * reservation sends for the pick.
 */
export function useOwnershipPicker(search: OwnershipSearch): { fields: Record<string, unknown>; picker: ReactNode } {
  const choices = useOwnershipChoices();
  const holders = useHolderOptions();
  const [picked, setPicked] = useState<string | null>(null);
  const [saveDefault, setSaveDefault] = useState(false);
  const saved = choices.data ?? [];
  const defaultChoice = saved.find((c) => c.is_default);
  const oneOff =
    search.holder_type && search.holder_type !== 'personal' && search.holder_id ? `${search.holder_type}:${search.holder_id}` : null;
  const initial = search.choice_id
    ? choiceValue(search.choice_id)
    : search.holder_type
      ? (oneOff ?? 'personal')
      : defaultChoice
        ? choiceValue(defaultChoice.id)
        : 'personal';
  const value = picked ?? initial;
  const isDefault = defaultChoice !== undefined && value === choiceValue(defaultChoice.id);
  const fields = {
    ...(value.startsWith('choice:') ? { ownership_choice_id: Number(value.slice('choice:'.length)) } : holderFieldsOf(value)),
    ...(saveDefault && !isDefault ? { save_as_default: true } : {}),
  };

  const named = holderOptions(holders.data);
  const options = [
    ...saved.map((choice) => ({
      value: choiceValue(choice.id),
      label: choice.name,
      description: describeChoice(choice),
      isDefault: choice.is_default,
    })),
    { ...named[0], isDefault: false },
    ...(oneOff ? named.filter((o) => o.value === oneOff).map((o) => ({ ...o, isDefault: false })) : []),
  ];
  const picker =
    choices.isPending || holders.isPending ? (
      <Skeleton h={120} radius="md" />
    ) : (
      <Stack gap="xs">
        <Radio.Group value={value} onChange={setPicked} label="How this investment is held">
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" p="sm" aria-label={option.label}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Group gap="xs">
                      <Text fw={600}>{option.label}</Text>
                      {option.isDefault && (
                        <Badge size="sm" color="teal" variant="light">
                          Default
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {option.description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {!isDefault && (
          <Checkbox label="Save as my default" checked={saveDefault} onChange={(event) => setSaveDefault(event.currentTarget.checked)} />
        )}
      </Stack>
    );
  return { fields, picker };
}
