import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { PageSkeleton } from '../../../ui/skeletons';
import { IconSignature } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { can, Role } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { InvestorSignUpDocuments } from '../../sign-up-documents';
import { DocumentsPanel } from '../../records';
import { RecordsPanel } from '../../records';
import { useInvestor } from '../api/use-investors';
import { InvestorQuestionnaireTab, useQuestionnaireTitles, type InvestorQuestionnaire } from '../../questionnaires';
import { InvestorActions } from './investor-actions';
import { InvestorOwnershipSection } from '../../ownership-choices';
import { InvestorMembershipSection } from '../../payments';
import { AppropriatenessBadge, KycBadge } from './investors-list-page';
import { CategoryPanel, DetailsPanel, OnboardingDocumentsPanel, TransactionsPanel } from './investor-panels';
import { BackLink } from '../../../ui/back-link';
import { StatementDownload } from '../../../ui/statement-download';
import { RouteTabs } from '../../../ui/route-tabs';

export type InvestorTab =
  | 'details'
  | 'transactions'
  | 'documents'
  | 'notes-calls-tasks'
  | 'category'
  | 'registration-form'
  | 'investment-documents'
  | 'fact-find'
  | 'risk-profile'
  | 'investor-consent';

/** The questionnaire tabs (features/questionnaires) by sub-page. */
const QUESTIONNAIRE_TABS: Partial<Record<InvestorTab, InvestorQuestionnaire>> = {
  'registration-form': 'registration',
  'fact-find': 'fact_find',
  'risk-profile': 'risk_profile',
  'investor-consent': 'consent',
};

/**
 * /admin/investors/{id}/details and its sub-pages as tabs (spec §2.2). Transactions need a role
 * that may list investments and are hidden from the Investment Manager (spec §2.2); Onboarding
 * Documents need `onboarding_documents`.
 */
export function InvestorPage({ tab }: { tab: InvestorTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useInvestor(id);
  const questionnaires = useQuestionnaireTitles();
  const investor = query.data;
  usePageTitle(investor?.name ?? terms.investors);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!investor) return <PageSkeleton />;

  const role = user?.role_id;
  const base = `/admin/investors/${investor.id}`;
  const showTransactions =
    role !== Role.InvestmentManager && (can(role, 'live_opportunities', 'index') || can(role, 'existing_opportunities', 'index'));
  const showOnboarding = can(role, 'onboarding_documents', 'index');
  const mayWrite = can(role, 'investors', 'update');
  return (
    <Stack gap="lg">
      <BackLink to="/admin/investors">{terms.investors}</BackLink>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={26}>
            {investor.name}
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed">{investor.email}</Text>
            <KycBadge status={investor.kyc_status} />
            <AppropriatenessBadge investor={investor} />
          </Group>
        </div>
        <Group gap="xs">
          {can(role, 'portfolio_kpis', 'index') && <StatementDownload path={`/api/investors/${investor.id}/statement`} />}
          <InvestorActions investor={investor} />
        </Group>
      </Group>
      <RouteTabs value={tab} onChange={(value) => void navigate({ to: `${base}/${value}` })}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          {showTransactions && <Tabs.Tab value="transactions">Transactions</Tabs.Tab>}
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
          <Tabs.Tab value="notes-calls-tasks">Notes Calls and Tasks</Tabs.Tab>
          <Tabs.Tab value="category">Category</Tabs.Tab>
          <Tabs.Tab value="registration-form">{questionnaires.registration}</Tabs.Tab>
          {showOnboarding && <Tabs.Tab value="investment-documents">Onboarding Documents</Tabs.Tab>}
          <Tabs.Tab value="fact-find">{questionnaires.fact_find}</Tabs.Tab>
          <Tabs.Tab value="risk-profile">{questionnaires.risk_profile}</Tabs.Tab>
          <Tabs.Tab value="investor-consent">{questionnaires.consent}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">
            {tab === 'details' && (
              <DetailsPanel investor={investor}>
                <InvestorOwnershipSection investorId={investor.id} canWrite={mayWrite} />
                {can(role, 'cash_calls', 'index') && (
                  <InvestorMembershipSection investorId={investor.id} canAsk={can(role, 'cash_calls', 'create')} />
                )}
              </DetailsPanel>
            )}
            {tab === 'transactions' && showTransactions && <TransactionsPanel investor={investor} />}
            {tab === 'documents' && (
              <DocumentsPanel
                subject={{ type: 'investor', id: investor.id }}
                canWrite={mayWrite}
                publicLabel="Visible to the investor"
                rowActions={(d) =>
                  mayWrite && d.mime_type === 'application/pdf' ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      component={Link}
                      to={`${base}/sign-pdf/${d.id}`}
                      leftSection={<IconSignature size={14} aria-hidden />}
                      aria-label={`Sign ${d.name}`}
                    >
                      Sign
                    </Button>
                  ) : null
                }
              />
            )}
            {tab === 'notes-calls-tasks' && <RecordsPanel subject={{ type: 'investor', id: investor.id }} canWrite={mayWrite} />}
            {tab === 'category' && <CategoryPanel investor={investor} />}
            {tab === 'investment-documents' && showOnboarding && <InvestorSignUpDocuments investorId={investor.id} />}
            {tab === 'investment-documents' && showOnboarding && <OnboardingDocumentsPanel investor={investor} />}
            {QUESTIONNAIRE_TABS[tab] && <InvestorQuestionnaireTab investorId={investor.id} form={QUESTIONNAIRE_TABS[tab]} />}
          </Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}
