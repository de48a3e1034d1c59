import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { MODAL_WIDTH, OpportunityStatus, PRE_EMPTION_CHOICE_IDS, type PreEmptionChoiceId, openLabel } from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import type { StaffOpportunity } from '../api/opportunities';
import {
  convertAllotments,
  deleteRound,
  openRound,
  recordChoice,
  updateRound,
  usePreEmptionRounds,
  useRefreshRounds,
  type Entitlement,
  type PreEmptionRound,
} from '../api/pre-emption';
import { PreEmptionChoiceForm } from './pre-emption-choice-form';
import { formatDate, formatMoney, formatPrice, formatUnits, toLocalIsoDate } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';
import { DateField } from '../../../ui/date-field';

const CHOICE_COLOURS: Record<PreEmptionChoiceId, string> = { 1: 'gray', 2: 'teal', 3: 'blue', 4: 'dark', 5: 'yellow', 6: 'orange' };

export function ChoiceBadge({ choice, label }: { choice: PreEmptionChoiceId; label: string }) {
  return (
    <Badge variant="light" color={CHOICE_COLOURS[choice]}>
      {label}
    </Badge>
  );
}

interface RoundValues extends Record<string, unknown> {
  name: string;
  price_per_share: string;
  amount_available: string;
  deadline: string;
}

function OpenRoundButton({ opportunity, onSaved }: { opportunity: StaffOpportunity; onSaved: () => Promise<void> }) {
  const [opened, setOpened] = useState(false);
  const inTwoWeeks = toLocalIsoDate(new Date(Date.now() + 14 * 86_400_000));
  const form = useForm<RoundValues>({ initialValues: { name: '', price_per_share: '', amount_available: '', deadline: inTwoWeeks } });
  const clean = (v: string) => v.replace(/[£€$,\s]/g, '');
  const { submit, submitting, formError } = useSubmit(async (v: RoundValues) => {
    await openRound({
      opportunity_id: opportunity.id,
      name: v.name,
      price_per_share: clean(v.price_per_share),
      amount_available: clean(v.amount_available),
      deadline: v.deadline,
    });
    await onSaved();
    form.reset();
    setOpened(false);
  }, form);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Open a round
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Open a pre-emption round" size={MODAL_WIDTH.confirmation}>
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack>
            <Text size="sm" c="dimmed">
              Each holder is offered new shares in proportion to the shares they hold today. Holders are notified and may answer on their
              holding page until the deadline.
            </Text>
            <TextInput label="Name" placeholder="Series B pre-emption" {...form.getInputProps('name')} />
            <Group grow>
              <TextInput
                label={`Price per share (${opportunity.currency})`}
                inputMode="decimal"
                {...form.getInputProps('price_per_share')}
              />
              <TextInput
                label={`Amount available (${opportunity.currency})`}
                inputMode="decimal"
                {...form.getInputProps('amount_available')}
              />
            </Group>
            <DateField label="Deadline" {...form.getInputProps('deadline')} w={200} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Open the round
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function RoundActions({ round, onSaved }: { round: PreEmptionRound; onSaved: () => Promise<void> }) {
  const [converted, setConverted] = useState<number | null>(null);
  const { submit, submitting, formError } = useSubmit(async (action: { kind: 'toggle' | 'delete' | 'convert' }) => {
    if (action.kind === 'delete') await deleteRound(round.id);
    else if (action.kind === 'convert') setConverted((await convertAllotments(round.id, toLocalIsoDate())).data.length);
    else await updateRound(round.id, { is_open: !round.is_open });
    await onSaved();
  });
  const answered = (round.totals?.responded ?? 0) > 0;
  const allotted = Number(round.totals?.allotted_shares ?? 0) > 0;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button variant="light" loading={submitting} onClick={() => void submit({ kind: 'toggle' })}>
          {round.is_open ? 'Close the round' : 'Reopen'}
        </Button>
        {!round.is_open && allotted && (
          <Button loading={submitting} onClick={() => void submit({ kind: 'convert' })}>
            Record the allotments as investments
          </Button>
        )}
        {!answered && (
          <Button variant="subtle" color="red" loading={submitting} onClick={() => void submit({ kind: 'delete' })}>
            Delete
          </Button>
        )}
      </Group>
      {converted !== null && (
        <Text size="sm" role="status">
          {converted === 0 ? 'Every allotment is already recorded as an investment.' : `${converted} follow-on investments recorded.`}
        </Text>
      )}
      <FormError message={formError} />
    </Stack>
  );
}

function Round({ round, canWrite, onSaved }: { round: PreEmptionRound; canWrite: boolean; onSaved: () => Promise<void> }) {
  const [editing, setEditing] = useState<Entitlement | null>(null);
  const c = round.currency;
  const t = round.totals!;
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Group gap="sm">
            <Title order={2} fz="lg">
              {round.name}
            </Title>
            <Badge variant="light" color={round.is_open ? 'teal' : 'gray'}>
              {openLabel(round.is_open)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Opened {formatDate(round.created_at)} · answers by {formatDate(round.deadline)}
            {round.is_open && !round.accepts_choices ? ' (deadline passed: only staff may record answers)' : ''}
          </Text>
        </div>
        {canWrite && <RoundActions round={round} onSaved={onSaved} />}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        <Fact label="Price per share" value={formatPrice(round.price_per_share, c)} />
        <Fact label="Amount available" value={formatMoney(round.amount_available, c)} />
        <Fact label="Shares offered" value={formatUnits(round.shares_offered)} />
        <Fact label="Answered" value={`${t.responded} of ${t.holders}`} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
        <Card withBorder radius="md" padding="sm">
          <Fact strong label="Entitlements" value={`${formatMoney(t.entitled_amount, c)} · ${formatUnits(t.entitled_shares)} shares`} />
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Fact strong label="Requested" value={`${formatMoney(t.requested_amount, c)} · ${formatUnits(t.requested_shares)} shares`} />
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Fact
            strong
            label="Oversubscribed by"
            value={Number(t.oversubscribed_shares) > 0 ? `${formatUnits(t.oversubscribed_shares)} shares` : 'Not oversubscribed'}
          />
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Fact
            strong
            label={round.is_open ? 'Allotted if closed now' : 'Allotted'}
            value={`${formatMoney(t.allotted_amount, c)} · ${formatUnits(t.allotted_shares)} shares${Number(t.unallotted_shares) > 0 ? ` (${formatUnits(t.unallotted_shares)} not taken up)` : ''}`}
          />
        </Card>
      </SimpleGrid>
      <SimpleTable
        minWidth={920}
        verticalSpacing="sm"
        horizontalSpacing="md"
        striped
        aria-label={`Holders' choices in ${round.name}`}
        bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
        rows={round.entitlements}
        rowKey={(e) => e.id}
        columns={[
          {
            key: 'holder',
            label: 'Holder',
            render: (e) => (
              <>
                <Text size="sm" fw={600}>
                  {e.user.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.held_through ? `${e.holder_type_label}: ${e.held_through}` : e.holder_type_label}
                </Text>
              </>
            ),
          },
          { key: 'shares_held', label: 'Shares held', align: 'right', render: (e) => formatUnits(e.shares_held) },
          {
            key: 'entitlement',
            label: 'Entitlement',
            align: 'right',
            render: (e) => (
              <>
                {formatMoney(e.entitled_amount, c)}
                <Text size="xs" c="dimmed">
                  {formatUnits(e.entitled_shares)} shares
                </Text>
              </>
            ),
          },
          { key: 'choice', label: 'Choice', render: (e) => <ChoiceBadge choice={e.choice} label={e.choice_label} /> },
          {
            key: 'requested',
            label: 'Requested',
            align: 'right',
            render: (e) => (
              <>
                {formatMoney(e.requested_amount, c)}
                {e.requested_shares && (
                  <Text size="xs" c="dimmed">
                    {formatUnits(e.requested_shares)} shares
                  </Text>
                )}
              </>
            ),
          },
          {
            key: 'allotted',
            label: 'Allotted',
            align: 'right',
            render: (e) => {
              if (Number(e.allotted_shares) <= 0) return '—';
              const scaledBack = e.requested_shares !== null && Number(e.allotted_shares) < Number(e.requested_shares);
              return (
                <>
                  {formatMoney(e.allotted_amount, c)}
                  <Text size="xs" c={scaledBack ? 'orange.8' : 'dimmed'}>
                    {formatUnits(e.allotted_shares)} shares{scaledBack ? ', scaled back' : ''}
                  </Text>
                </>
              );
            },
          },
          {
            key: 'answered',
            label: 'Answered',
            render: (e) =>
              e.chosen_at ? (
                <Text size="xs">
                  {formatDate(e.chosen_at)}
                  {e.chosen_by && e.chosen_by.id !== e.user.id ? ` by ${e.chosen_by.name}` : ''}
                </Text>
              ) : (
                '—'
              ),
          },
          ...(canWrite && round.is_open
            ? [
                {
                  key: 'actions',
                  label: 'Actions',
                  hideLabel: true,
                  render: (e: Entitlement) => (
                    <Button size="xs" variant="subtle" onClick={() => setEditing(e)} aria-label={`Record the choice of ${e.user.name}`}>
                      Record
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Choice of ${editing.user.name}` : ''}
        size={MODAL_WIDTH.confirmation}
      >
        {editing && (
          <PreEmptionChoiceForm
            choices={PRE_EMPTION_CHOICE_IDS}
            current={editing}
            entitledAmount={editing.entitled_amount}
            currency={c}
            submitLabel="Save the choice"
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await recordChoice(round.id, { entitlement_id: editing.id, ...body });
              await onSaved();
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}

/** The pre-emption tab of an existing investment: its rounds, each holder's entitlement and choice, and the totals. */
export function PreEmptionPanel({ opportunity, canWrite }: { opportunity: StaffOpportunity; canWrite: boolean }) {
  const query = usePreEmptionRounds(opportunity.id);
  const refresh = useRefreshRounds(opportunity.id);
  const onSaved = async () => {
    await refresh();
  };
  if (!query.data) return <Skeleton h={320} radius="md" />;
  const rounds = query.data;
  const mayOpen = canWrite && opportunity.status === OpportunityStatus.Completed && !rounds.some((r) => r.is_open);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={640}>
          When the company raises again, its holders may take up new shares in proportion to what they hold before anyone else.
        </Text>
        {mayOpen && <OpenRoundButton opportunity={opportunity} onSaved={onSaved} />}
      </Group>
      {rounds.map((round) => (
        <Round key={round.id} round={round} canWrite={canWrite} onSaved={onSaved} />
      ))}
      {!rounds.length && (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={4}>
            <Text fw={600}>No pre-emption rounds yet</Text>
            <Text size="sm" c="dimmed">
              {opportunity.status === OpportunityStatus.Completed
                ? 'Open a round when the company offers its holders new shares.'
                : 'A matured investment takes no new rounds.'}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
