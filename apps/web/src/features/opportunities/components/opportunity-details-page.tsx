import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { PageSkeleton } from '../../../ui/skeletons';
import { IconEye } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from '@tanstack/react-router';
import {
  can,
  mayViewOpportunityTab,
  OPPORTUNITY_PERMISSION_EVENT,
  opportunityAdminPath,
  readableIban,
  readableSortCode,
  type OpportunityTab,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding, useFeature } from '../../../app/settings';
import { RichText } from '../../../ui/rich-text';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { useOpportunity, usePublicDocuments, type StaffOpportunity } from '../api/opportunities';
import { DocumentsPanel } from '../../records';
import { DiscussionsPanel } from './discussions-panel';
import { InvitationsPanel } from './invitations-panel';
import { KpiPanel } from '../../kpis';
import { CapTablePanel, CapTablePerformancePanel } from './cap-table-panel';
import { PerformancePanel } from './performance-panel';
import { PreEmptionPanel } from './pre-emption-panel';
import { RecordsPanel } from '../../records';
import { StatusBadge } from './opportunities-list-page';
import { FundingProgress, OpportunityView } from './opportunity-view';
import { StatusActions } from './status-actions';
import { TransactionsPanel } from './transactions-panel';
import { TermsTab } from '../../term-conditions';
import { PerksTab } from '../../rewards';
import { TaxReliefPanel } from '../../tax';
import { Fact } from '../../../ui/fact';
import { BackLink } from '../../../ui/back-link';
import { formatAmount, formatPrice } from '../../../app/format';
import { RouteTabs } from '../../../ui/route-tabs';

export type { OpportunityTab };

const TAB_LABELS: Record<OpportunityTab, string> = {
  performance: 'Performance',
  details: 'Details',
  'key-information': 'Key Information',
  transactions: 'Transactions',
  'cap-table': 'Cap Table',
  'cap-table-performance': 'Cap Table Performance',
  'pre-emption': 'Pre-emption',
  invitations: 'Invitations',
  discussions: 'Q&A',
  documents: 'Documents',
  'notes-calls-tasks': 'Notes Calls and Tasks',
  kpis: 'KPIs',
  terms: 'Terms',
  perks: 'Perks',
  'tax-relief': 'Tax relief',
};
const TAB_ORDER: OpportunityTab[] = [
  'performance',
  'details',
  'key-information',
  'transactions',
  'cap-table',
  'cap-table-performance',
  'pre-emption',
  'tax-relief',
  'kpis',
  'invitations',
  'discussions',
  'documents',
  'terms',
  'perks',
  'notes-calls-tasks',
];

function Details({ opportunity: o }: { opportunity: StaffOpportunity }) {
  const international = useFeature('enableInternationalBank');
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <FundingProgress opportunity={o} />
        <SimpleGrid cols={{ base: 2, md: 4 }} mt="lg">
          <Fact label="Target raise" value={formatAmount(o.target_raise, o.currency)} />
          <Fact label="Maximum raise" value={formatAmount(o.maximum_raise ?? o.target_raise, o.currency)} />
          <Fact label="Still available" value={formatAmount(o.available_amount, o.currency)} />
          <Fact label="Share price" value={formatPrice(o.share_price, o.currency)} />
          <Fact label="Minimum investment" value={formatAmount(o.minimum_investment, o.currency)} />
          <Fact label="Maximum investment" value={formatAmount(o.maximum_investment, o.currency)} />
          <Fact label="Opens" value={o.opens_at ?? ''} />
          <Fact label="Closes" value={o.closes_at ?? ''} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Payment details
        </Title>
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <Fact label="Account name" value={o.bank_account_name ?? ''} />
          <Fact label="Sort code" value={o.bank_sort_code ? readableSortCode(o.bank_sort_code) : ''} />
          <Fact label="Account number" value={o.bank_account_number ?? ''} />
          {international && <Fact label="IBAN" value={o.bank_iban ? readableIban(o.bank_iban) : ''} />}
          {international && <Fact label="BIC / SWIFT" value={o.bank_bic ?? ''} />}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

function KeyInformation({ opportunity: o }: { opportunity: StaffOpportunity }) {
  const { terms } = useBranding();
  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
        <Fact label="Company" value={o.company_name} />
        <Fact label={terms.industry} value={o.industry ?? ''} />
        <Fact label="Round" value={o.round_type ?? ''} />
        <Fact label="Tax relief" value={o.tax_relief === 'none' ? 'None' : o.tax_relief} />
        <Fact label="Type" value={o.type ?? ''} />
        <Fact label="Sub-type" value={o.sub_type ?? ''} />
        <Fact label="Pre-money valuation" value={formatAmount(o.pre_money_valuation, o.currency)} />
        <Fact label="Market sounding" value={o.market_sounding_required ? 'Required' : 'Not required'} />
      </SimpleGrid>
      {o.summary && <Text mb="md">{o.summary}</Text>}
      <RichText html={o.description} />
    </Paper>
  );
}

/**
 * /admin/investments/opportunities/{id}/details (statuses 2–4) and /admin/investments/existing/{id}/details
 * (5–6): the opportunity's figures with tabs; which tabs a role sees is decided by mayViewOpportunityTab
 * (spec §2.2/§6, docs/decisions/0013), and the server refuses the data of a hidden one.
 */
export function OpportunityDetailsPage({ tab, existing = false }: { tab: OpportunityTab; existing?: boolean }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const capTable = useFeature('enableCapTable');
  const tax = useFeature('enableTax');
  const navigate = useNavigate();
  const query = useOpportunity(id);
  const opportunity = query.data;
  usePageTitle(opportunity?.name ?? terms.LiveOpportunities);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!opportunity) return <PageSkeleton />;

  const base = existing ? `/admin/investments/existing/${id}` : `/admin/investments/opportunities/${id}`;
  // A link written before a status change (a task, a bookmark) opens where the status puts the page now.
  const canonical = opportunityAdminPath(opportunity.id, opportunity.status, tab);
  if (canonical !== `${base}/${tab}`) return <Navigate to={canonical} replace />;
  const shows = (t: OpportunityTab) => mayViewOpportunityTab(user?.role_id, t, { existing, capTable, tax });
  const mayUpdate = can(user?.role_id, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), 'update');
  const listPath = existing ? '/admin/investments/existing' : '/admin/investments/opportunities';
  return (
    <Stack gap="lg">
      <BackLink to={listPath}>{existing ? terms.ExistingOpportunities : terms.LiveOpportunities}</BackLink>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} fz={26}>
              {opportunity.name}
            </Title>
            <StatusBadge status={opportunity.status} />
          </Group>
          <Text c="dimmed">{opportunity.company_name}</Text>
        </div>
        <StatusActions opportunity={opportunity} />
      </Group>
      <RouteTabs value={tab} onChange={(value) => void navigate({ to: value === 'details' ? `${base}/details` : `${base}/${value}` })}>
        <Tabs.List>
          {TAB_ORDER.filter(shows).map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">
            {!shows(tab) && (
              <Alert variant="light" color="gray">
                This page is not available here.
              </Alert>
            )}
            {tab === 'performance' && shows(tab) && <PerformancePanel opportunity={opportunity} canWrite={mayUpdate} />}
            {tab === 'details' && <Details opportunity={opportunity} />}
            {tab === 'key-information' && <KeyInformation opportunity={opportunity} />}
            {tab === 'transactions' && shows(tab) && <TransactionsPanel opportunity={opportunity} />}
            {tab === 'cap-table' && shows(tab) && <CapTablePanel opportunityId={opportunity.id} />}
            {tab === 'cap-table-performance' && shows(tab) && <CapTablePerformancePanel opportunityId={opportunity.id} />}
            {tab === 'pre-emption' && shows(tab) && <PreEmptionPanel opportunity={opportunity} canWrite={mayUpdate} />}
            {tab === 'tax-relief' && shows(tab) && <TaxReliefPanel opportunity={opportunity} canWrite={mayUpdate} />}
            {tab === 'kpis' && shows(tab) && <KpiPanel opportunityId={opportunity.id} currency={opportunity.currency} />}
            {tab === 'invitations' && shows(tab) && <InvitationsPanel opportunity={opportunity} canWrite={mayUpdate} />}
            {tab === 'discussions' && <DiscussionsPanel opportunityId={opportunity.id} answerAll={mayUpdate} />}
            {tab === 'documents' && (
              <DocumentsPanel
                subject={{ type: 'opportunity', id: opportunity.id }}
                canWrite={mayUpdate}
                publicLabel="Visible to investors"
              />
            )}
            {tab === 'terms' && <TermsTab opportunityId={opportunity.id} canWrite={mayUpdate} />}
            {tab === 'perks' && <PerksTab opportunityId={opportunity.id} currency={opportunity.currency} canWrite={mayUpdate} />}
            {tab === 'notes-calls-tasks' && shows(tab) && (
              <RecordsPanel subject={{ type: 'opportunity', id: opportunity.id }} canWrite={mayUpdate} />
            )}
          </Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}

/** /admin/investments/opportunities/{id}/details/preview: exactly what an investor sees. */
export function OpportunityPreviewPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useOpportunity(id);
  const documents = usePublicDocuments(query.data?.id, 'staff');
  usePageTitle(query.data ? `Preview: ${query.data.name}` : 'Preview');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={420} radius="md" />;
  const opportunity = query.data;
  return (
    <Stack gap="lg">
      <Alert variant="light" icon={<IconEye size={18} aria-hidden />} title="Investor preview">
        <Group justify="space-between">
          <Text size="sm">This is how investors see the opportunity.</Text>
          <Button component={Link} to={opportunity.admin_path} size="xs" variant="light">
            Back to the opportunity
          </Button>
        </Group>
      </Alert>
      <OpportunityView
        opportunity={{ ...opportunity, market_sounding_pending: false }}
        action={<Button disabled>Invest</Button>}
        documents={documents.data}
      />
    </Stack>
  );
}
