import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Paper, Pill, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INTENT_OPTION_LABELS, MODAL_WIDTH, type PlacementRecipient } from '@platform/domain';
import { formatDate, formatMoney } from '../../../app/format';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { InvestorPicker } from '../../../ui/investor-picker';
import { RichText } from '../../../ui/rich-text';
import { SimpleTable } from '../../../ui/simple-table';
import { useClientGroupOptions } from '../../update-reports';
import { useLivePlacement, usePlacement, usePlaceDeal, useUpdatePlacement, useWithdrawPlacement } from '../api/placements';
import { DemandSummary } from './demand-summary';

interface DealRef {
  id: number;
  company_name: string;
  currency: string;
}

/** Investors chosen one by one, shown as removable badges, and client groups. */
function RecipientsFields({
  investors,
  setInvestors,
  groups,
  setGroups,
}: {
  investors: Array<{ id: string; label: string }>;
  setInvestors: (next: Array<{ id: string; label: string }>) => void;
  groups: string[];
  setGroups: (next: string[]) => void;
}) {
  const options = useClientGroupOptions();
  return (
    <Stack gap="sm">
      <MultiSelect
        label="Client groups"
        description="Every investor in the group now is placed."
        data={(options.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={groups}
        onChange={setGroups}
        searchable
        maw={420}
      />
      <InvestorPicker
        label="Add an investor"
        value={null}
        onChange={(id, label) => {
          if (id && !investors.some((i) => i.id === id)) setInvestors([...investors, { id, label: label ?? id }]);
        }}
      />
      {investors.length > 0 && (
        <Pill.Group>
          {investors.map((i) => (
            <Pill
              key={i.id}
              withRemoveButton
              onRemove={() => setInvestors(investors.filter((x) => x.id !== i.id))}
              removeButtonProps={{ 'aria-label': `Remove ${i.label}` }}
            >
              {i.label}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Stack>
  );
}

function PlaceDealForm({ deal }: { deal: DealRef }) {
  const place = usePlaceDeal();
  const [investors, setInvestors] = useState<Array<{ id: string; label: string }>>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const form = useForm({ initialValues: { teaser: '' } });
  const { submit, submitting, formError } = useSubmit(
    (values: { teaser: string }) =>
      place.mutateAsync({
        deal_id: deal.id,
        teaser: values.teaser,
        user_ids: investors.map((i) => Number(i.id)),
        client_group_ids: groups.map(Number),
      }),
    form,
  );
  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={form.onSubmit((v) => void submit(v))}>
      <Title order={2} fz="lg" mb="xs">
        Place this deal
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Soft-circle {deal.company_name} before it launches: the investors you choose read the teaser and say whether they are interested,
        with an indicative amount. Nothing they say is binding.
      </Text>
      <Stack gap="md">
        <Textarea
          label="Teaser"
          description="What the placed investors read."
          autosize
          minRows={3}
          maw={640}
          {...form.getInputProps('teaser')}
        />
        <RecipientsFields investors={investors} setInvestors={setInvestors} groups={groups} setGroups={setGroups} />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Place the deal
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AddRecipients({ placementId }: { placementId: number }) {
  const update = useUpdatePlacement(placementId);
  const [open, setOpen] = useState(false);
  const [investors, setInvestors] = useState<Array<{ id: string; label: string }>>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const { submit, submitting, formError } = useSubmit(async () => {
    await update.mutateAsync({ user_ids: investors.map((i) => Number(i.id)), client_group_ids: groups.map(Number) });
    setOpen(false);
    setInvestors([]);
    setGroups([]);
  });
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Place with more investors
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Place with more investors" size={MODAL_WIDTH.default} centered>
        <RecipientsFields investors={investors} setInvestors={setInvestors} groups={groups} setGroups={setGroups} />
        <FormError message={formError} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button loading={submitting} onClick={() => void submit({})}>
            Place
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function WithdrawPlacement({ placementId }: { placementId: number }) {
  const withdraw = useWithdrawPlacement(placementId);
  const [open, setOpen] = useState(false);
  const { submit, submitting, formError } = useSubmit(() => withdraw.mutateAsync(undefined));
  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpen(true)}>
        Withdraw
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Withdraw the placement?" size={MODAL_WIDTH.confirmation} centered>
        <Text size="sm">The placed investors no longer see the deal, and their answers no longer count or carry into invitations.</Text>
        <FormError message={formError} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button color="red" loading={submitting} onClick={() => void submit({})}>
            Withdraw
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** The deal page's Placement tab: place the deal, then follow the demand investor by investor. */
export function PlacementPanel({ deal, canPlace }: { deal: DealRef; canPlace: boolean }) {
  const live = useLivePlacement(deal.id);
  const detail = usePlacement(live.data?.id ?? null);
  if (live.isPending || (live.data && detail.isPending)) return <Skeleton h={240} radius="md" />;
  if (!live.data)
    return canPlace ? (
      <PlaceDealForm deal={deal} />
    ) : (
      <Text size="sm" c="dimmed">
        This deal has not been placed with investors.
      </Text>
    );
  const placement = detail.data;
  if (!placement) return null;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" mb="md">
          <div>
            <Title order={2} fz="lg">
              Demand
            </Title>
            <Text size="sm" c="dimmed">
              Placed {formatDate(placement.created_at)}
              {placement.placed_by ? ` by ${placement.placed_by.name}` : ''}
              {placement.inside_information ? ' · inside information: investors accept the market sounding first' : ''}
            </Text>
          </div>
          {canPlace && (
            <Group gap="sm">
              <AddRecipients placementId={placement.id} />
              <WithdrawPlacement placementId={placement.id} />
            </Group>
          )}
        </Group>
        <DemandSummary demand={placement.demand} currency={placement.deal.currency} />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Teaser
        </Title>
        <RichText html={placement.teaser} />
      </Paper>
      <Paper withBorder radius="md">
        <SimpleTable<PlacementRecipient>
          title="Placed investors"
          minWidth={640}
          rows={placement.recipients}
          rowKey={(r) => r.user.id}
          columns={[
            { key: 'name', label: 'Investor', nowrap: true, render: (r) => r.user.name },
            { key: 'via', label: 'Placed through', render: (r) => r.client_group?.name ?? 'Chosen directly' },
            { key: 'answer', label: 'Answer', render: (r) => (r.intent ? INTENT_OPTION_LABELS[r.intent.option] : 'No answer yet') },
            {
              key: 'amount',
              label: 'Indicative amount',
              numeric: true,
              render: (r) => (r.intent?.amount ? formatMoney(r.intent.amount, r.intent.currency) : '—'),
            },
            {
              key: 'terms',
              label: 'Intent terms',
              render: (r) => (r.intent?.intent_terms_version ? `v${r.intent.intent_terms_version}` : '—'),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
