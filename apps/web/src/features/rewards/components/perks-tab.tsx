import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGift, IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { CASH_INCENTIVE_NOTICE, createRewardBody, MODAL_WIDTH, type Reward } from '@platform/domain';
import { formatMoney } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { MoneyInput } from '../../../ui/money-input';
import { useDeleteReward, useRewards, useSaveReward } from '../api/rewards';

type Values = { min_amount: string; title: string; description: string; how_to_claim: string };

function PerkForm({
  opportunityId,
  currency,
  perk,
  onDone,
}: {
  opportunityId: number;
  currency: string;
  perk?: Reward;
  onDone: () => void;
}) {
  const save = useSaveReward();
  const form = useForm<Values>({
    initialValues: {
      min_amount: perk?.min_amount ?? '',
      title: perk?.title ?? '',
      description: perk?.description ?? '',
      how_to_claim: perk?.how_to_claim ?? '',
    },
    validate: validateWith(createRewardBody, (values: Values) => ({ ...values, opportunity_id: opportunityId })),
  });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    await save.mutateAsync({ id: perk?.id, body: perk ? values : { ...values, opportunity_id: opportunityId } });
    onDone();
  }, form);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} aria-hidden />}>
          {CASH_INCENTIVE_NOTICE}
        </Alert>
        <MoneyInput
          label="Minimum invested"
          description="Investors qualify once they have invested at least this much."
          currency={currency}
          required
          {...form.getInputProps('min_amount')}
        />
        <TextInput label="Title" required maxLength={120} {...form.getInputProps('title')} />
        <Textarea label="Description" required autosize minRows={3} maxLength={2000} {...form.getInputProps('description')} />
        <Textarea
          label="How to claim"
          description="A code or instructions; investors see it only once they qualify."
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('how_to_claim')}
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {perk ? 'Save the perk' : 'Add the perk'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The opportunity's Perks tab (decision 0063): what the company offers its investors, tier by tier
 * by the minimum invested. Staff add, change and remove perks; cash incentives are refused.
 */
export function PerksTab({ opportunityId, currency, canWrite }: { opportunityId: number; currency: string; canWrite: boolean }) {
  const perks = useRewards(opportunityId);
  const remove = useDeleteReward();
  const [editing, setEditing] = useState<{ perk?: Reward } | null>(null);
  if (!perks.data) return <Skeleton h={200} radius="md" />;
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Investor perks
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            Add a perk
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {CASH_INCENTIVE_NOTICE}
      </Text>
      {perks.data.length === 0 ? (
        <EmptyState icon={IconGift} title="No perks yet">
          Perks are offers from the company to its investors, such as a discount, by the amount they invest.
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {perks.data.map((perk) => (
            <Paper key={perk.id} component="li" withBorder radius="sm" p="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    From {formatMoney(perk.min_amount, perk.currency)}
                  </Text>
                  <Text fw={600}>{perk.title}</Text>
                  <Text size="sm">{perk.description}</Text>
                  {perk.how_to_claim && (
                    <Text size="sm" c="dimmed">
                      How to claim: {perk.how_to_claim}
                    </Text>
                  )}
                </div>
                {canWrite && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Edit ${perk.title}`} onClick={() => setEditing({ perk })}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${perk.title}`}
                      loading={remove.isPending && remove.variables === perk.id}
                      onClick={() => remove.mutate(perk.id)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.perk ? 'Edit the perk' : 'Add a perk'}
        size={MODAL_WIDTH.default}
      >
        {editing && <PerkForm opportunityId={opportunityId} currency={currency} perk={editing.perk} onDone={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}
