import { useState } from 'react';
import { Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import type { HolderType } from '@platform/domain';
import { usePageTitle } from '../../../ui/page-title';
import { useHolders } from '../api/investments';
import { CategoryPrompt, useCategoryPromptDue } from '../../profile';
import { describeChoice, useOwnershipChoices } from '../../ownership-choices';

export interface HolderChoice {
  holder_type: HolderType;
  holder_id?: number;
}

/** /investor/investments/{slug}/investor-type: how the investment will be held. Skipped when investing personally is the only way. */
export function InvestorTypePage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  usePageTitle('How will you hold this investment?');
  const navigate = useNavigate();
  const holders = useHolders();
  const saved = useOwnershipChoices();
  const [picked, setChoice] = useState<string | null>(null);
  const promptDue = useCategoryPromptDue();

  if (!holders.data || !saved.data || promptDue === undefined) return <Skeleton h={280} radius="md" />;
  if (promptDue) return <CategoryPrompt slug={slug} />;
  // The investor's saved whole-ownership choices come first, their default picked (decision 0054).
  const defaultChoice = saved.data.find((c) => c.is_default);
  const choice = picked ?? (defaultChoice ? `choice:${defaultChoice.id}` : 'personal');
  const options = [
    ...saved.data.map((c) => ({
      value: `choice:${c.id}`,
      label: c.is_default ? `${c.name} (default)` : c.name,
      description: describeChoice(c),
    })),
    { value: 'personal', label: 'Personally', description: 'In your own name.' },
    ...holders.data.organisations.map((o) => ({ value: `organisation:${o.id}`, label: o.name, description: 'Through this organisation.' })),
    ...holders.data.investment_method_entities.map((e) => ({
      value: `investment_method:${e.id}`,
      label: e.name,
      description: 'Through your account with this investment method.',
    })),
    ...holders.data.nominees.map((n) => ({ value: `nominee:${n.id}`, label: n.name, description: 'Held for you by this nominee.' })),
  ];
  if (options.length === 1)
    return <Navigate to="/investor/investments/$slug/invest" params={{ slug }} search={{ holder_type: 'personal' }} replace />;

  const proceed = () => {
    const [type, id] = choice.split(':');
    void navigate({
      to: '/investor/investments/$slug/invest',
      params: { slug },
      search: type === 'choice' ? { choice_id: Number(id) } : { holder_type: type as HolderType, ...(id ? { holder_id: Number(id) } : {}) },
    });
  };
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
      <Stack gap="md">
        <Title order={1} fz={24}>
          How will you hold this investment?
        </Title>
        <Radio.Group value={choice} onChange={setChoice} aria-label="How the investment is held">
          <Stack gap="sm">
            {options.map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" p="md">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{option.label}</Text>
                    <Text size="sm" c="dimmed">
                      {option.description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button onClick={proceed}>Continue</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
