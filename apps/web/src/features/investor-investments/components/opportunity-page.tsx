import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PageSkeleton } from '../../../ui/skeletons';
import { Link, Navigate, useParams, useSearch } from '@tanstack/react-router';
import { acceptsReservations } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { ErrorPage } from '../../errors';
import { usePageTitle } from '../../../ui/page-title';
import { useOpportunity, usePublicDocuments, type InvestorOpportunity } from '../../opportunities';
import { DiscussionsPanel } from '../../opportunities';
import { OpportunityView } from '../../opportunities';
import { InvestorPerks } from '../../rewards';
import { useMyInvestments } from '../api/investments';
import { InvestmentSummary } from './payment-instructions';
import { ApiError } from '../../../app/api-client';
import { BackLink } from '../../../ui/back-link';
import { gateOf, InvestorGateStep } from '../../appropriateness';

/** /investor/investments/{slug}: the opportunity, the investor's own investments in it, and the way to invest. */
export function InvestorOpportunityPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const { payment } = useSearch({ strict: false }) as { payment?: 'done' | 'cancelled' };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const query = useOpportunity<InvestorOpportunity>(slug);
  const opportunity = query.data;
  const mine = useMyInvestments(opportunity?.id);
  const documents = usePublicDocuments(opportunity && !opportunity.market_sounding_pending ? opportunity.id : undefined, 'investor');
  usePageTitle(opportunity && !opportunity.market_sounding_pending ? opportunity.name : terms.investments);

  if (gateOf(query.error))
    return (
      <Stack gap="lg">
        <BackLink to="/investor/investments">All {terms.investments.toLowerCase()}</BackLink>
        <InvestorGateStep slug={slug} purpose="view" />
      </Stack>
    );
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!opportunity) return <PageSkeleton />;
  if (opportunity.market_sounding_pending) return <Navigate to={opportunity.market_sounding_path} replace />;

  const active = (mine.data ?? []).filter((i) => i.status !== 'cancelled');
  const canInvest = acceptsReservations(opportunity.status);
  return (
    <Stack gap="lg">
      <BackLink to="/investor/investments">All {terms.investments.toLowerCase()}</BackLink>
      {payment === 'done' && (
        <Alert variant="light" color="teal" title="Thank you for your card payment">
          The payment is being confirmed with the card provider; your investment shows it as received within a few minutes.
        </Alert>
      )}
      {payment === 'cancelled' && (
        <Alert variant="light" color="gray" title="Card payment cancelled">
          Nothing was charged. You can pay by card again or by bank transfer with the details below.
        </Alert>
      )}
      {active.map((investment) => (
        <InvestmentSummary key={investment.id} investment={investment} />
      ))}
      <OpportunityView
        opportunity={opportunity}
        documents={documents.data}
        action={
          canInvest ? (
            <Group>
              <Button component={Link} to={`/investor/investments/${slug}/investor-type`} size="md">
                {active.length ? 'Invest more' : 'Invest'}
              </Button>
              <Text size="sm" c="dimmed">
                Capital at risk. Read the description and the risks before you invest.
              </Text>
            </Group>
          ) : (
            <Alert variant="light" color="gray">
              This opportunity is not taking new reservations.
            </Alert>
          )
        }
      />
      <InvestorPerks opportunityId={opportunity.id} />
      <DiscussionsPanel opportunityId={opportunity.id} answerAll={false} myName={user?.name} />
    </Stack>
  );
}
