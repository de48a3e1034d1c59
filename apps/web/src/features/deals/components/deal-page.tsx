import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { ButtonLink } from '../../../ui/button-link';
import { RichText } from '../../../ui/rich-text';
import { ErrorPage } from '../../errors';
import { deleteDeal, useDeal, useDealAction, type Deal } from '../api/deals';
import { RecordsPanel } from '../../records';
import { PlacementPanel } from '../../placements';
import { Fact } from '../../../ui/fact';
import { PromoteDeal } from './promote-deal';
import { DeleteRecordButton } from '../../../ui/delete-record-button';
import { formatAmount, formatDateLong } from '../../../app/format';
import { RouteTabs } from '../../../ui/route-tabs';

export type DealTab = 'performance' | 'key-information' | 'placement' | 'notes-calls-tasks';

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function Performance({ deal }: { deal: Deal }) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Fact label="Amount sought" value={formatAmount(deal.amount_sought, deal.currency)} />
          <Fact label="Pre-money valuation" value={formatAmount(deal.pre_money_valuation, deal.currency)} />
          <Fact label="Stage" value={deal.stage?.name ?? ''} />
          <Fact label="Owner" value={deal.owner?.name ?? ''} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Performance notes
        </Title>
        {deal.performance_notes ? (
          <RichText html={deal.performance_notes} />
        ) : (
          <Empty>No performance notes yet. Edit the deal to add them.</Empty>
        )}
      </Paper>
    </Stack>
  );
}

function KeyInformation({ deal }: { deal: Deal }) {
  const { terms } = useBranding();
  const dates = [...deal.key_dates].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} mb={deal.summary || deal.key_information ? 'lg' : 0}>
          <Fact label="Company" value={deal.company_name} />
          <Fact label={terms.industry} value={deal.industry ?? ''} />
          <Fact label="Source" value={deal.source ?? ''} />
          <Fact label="Currency" value={deal.currency} />
        </SimpleGrid>
        {deal.summary && (
          <Text fw={500} mb="md">
            {deal.summary}
          </Text>
        )}
        {deal.key_information ? <RichText html={deal.key_information} /> : !deal.summary && <Empty>No key information yet.</Empty>}
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Key dates
        </Title>
        {dates.length === 0 ? (
          <Empty>No key dates.</Empty>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {dates.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows and fixed lists have no identity but their position
              <Group key={i} component="li" gap="sm" wrap="nowrap">
                <IconCalendarEvent size={18} aria-hidden color="var(--mantine-color-brand-6)" />
                <Text size="sm" fw={600} w={160}>
                  {formatDateLong(d.date)}
                </Text>
                <Text size="sm">{d.label}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function DeleteDeal({ deal }: { deal: Deal }) {
  const navigate = useNavigate();
  const remove = useDealAction(() => deleteDeal(deal.id));
  return (
    <DeleteRecordButton
      name={deal.company_name}
      what="deal"
      consequence="The deal leaves the board and the deals list."
      remove={() => remove.mutateAsync(undefined)}
      pending={remove.isPending}
      onDeleted={() => void navigate({ to: '/admin/investments/deals', search: { pipeline: deal.pipeline_id } })}
    />
  );
}

/** /admin/investments/deals/{id}/performance and /key-information: one deal with its tabs. */
export function DealPage({ tab }: { tab: DealTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useDeal(id);
  const deal = query.data;
  usePageTitle(deal?.company_name ?? terms.dealOpportunities);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!deal)
    return (
      <Stack gap="lg">
        <Skeleton h={36} w={320} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  const base = `/admin/investments/deals/${deal.id}`;
  return (
    <Stack gap="lg">
      <Group>
        <ButtonLink
          to="/admin/investments/deals"
          search={{ pipeline: deal.pipeline_id }}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {terms.dealOpportunities}
        </ButtonLink>
      </Group>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={26}>
            {deal.company_name}
          </Title>
          <Group gap="xs" mt={6}>
            {deal.pipeline && (
              <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                {deal.pipeline.name}
              </Badge>
            )}
            {deal.stage && (
              <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
                {deal.stage.name}
              </Badge>
            )}
          </Group>
        </div>
        <Group gap="sm">
          {can(user?.role_id, 'deals', 'update') && (
            <Button component={Link} to={`${base}/edit`} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Button>
          )}
          {can(user?.role_id, 'deals', 'update') && can(user?.role_id, 'live_opportunities', 'create') && <PromoteDeal deal={deal} />}
          {can(user?.role_id, 'deals', 'delete') && <DeleteDeal deal={deal} />}
        </Group>
      </Group>
      <RouteTabs value={tab} onChange={(value) => value && void navigate({ to: `${base}/${value}` })}>
        <Tabs.List>
          <Tabs.Tab value="performance">Performance</Tabs.Tab>
          <Tabs.Tab value="key-information">Key Information</Tabs.Tab>
          <Tabs.Tab value="placement">Placement</Tabs.Tab>
          <Tabs.Tab value="notes-calls-tasks">Notes, Calls and Tasks</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">
            {tab === 'performance' && <Performance deal={deal} />}
            {tab === 'key-information' && <KeyInformation deal={deal} />}
            {tab === 'placement' && <PlacementPanel deal={deal} canPlace={can(user?.role_id, 'deals', 'update')} />}
            {tab === 'notes-calls-tasks' && (
              <RecordsPanel subject={{ type: 'pipeline_deal', id: deal.id }} canWrite={can(user?.role_id, 'deals', 'update')} />
            )}
          </Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}
