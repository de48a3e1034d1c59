import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { acceptsReservations } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useBranding, useFeature } from '../../../app/settings';
import { gateOf, InvestorGateStep, useInvestorGates } from '../../appropriateness';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { useOpportunity, type InvestorOpportunity } from '../../opportunities';
import { TermsPanel, useCurrentTerms } from '../../term-conditions';
import { useReserve, type MyInvestment } from '../api/investments';
import { InvestmentSummary } from './payment-instructions';
import { CategoryPrompt, useCategoryPromptDue } from '../../profile';
import { formatMoney } from '../../../app/format';
import { MoneyInput } from '../../../ui/money-input';
import { type OwnershipSearch, useOwnershipPicker } from '../../ownership-choices';

/** /investor/investments/{slug}/invest: the amount, the investment terms, then the payment instructions. */
export function InvestPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const search = useSearch({ strict: false }) as OwnershipSearch;
  const termsOn = useFeature('termsConditions');
  const { terms } = useBranding();
  const query = useOpportunity<InvestorOpportunity>(slug);
  const reserve = useReserve();
  const [done, setDone] = useState<MyInvestment | null>(null);
  const gates = useInvestorGates();
  const form = useForm({ initialValues: { amount: '', accept_terms: false } });
  const opportunity = query.data;
  const promptDue = useCategoryPromptDue();
  const currentTerms = useCurrentTerms(opportunity?.id ?? 0, termsOn && Boolean(opportunity) && !opportunity?.market_sounding_pending);
  const termsId = termsOn ? currentTerms.data?.id : undefined;
  usePageTitle(opportunity && !opportunity.market_sounding_pending ? `Invest in ${opportunity.name}` : terms.investments);

  const ownership = useOwnershipPicker(search);
  const { submit, submitting, formError } = useSubmit(async (values: { amount: string; accept_terms: boolean }, { idempotencyKey }) => {
    if (!opportunity) return;
    try {
      const investment = await reserve.mutateAsync({
        input: {
          opportunity_id: opportunity.id,
          amount: values.amount.replace(/[£€$,\s]/g, ''),
          ...ownership.fields,
          ...(termsId ? { accept_terms: values.accept_terms, term_condition_id: termsId } : {}),
        },
        idempotencyKey,
      });
      setDone(investment);
    } catch (error) {
      // A gate closed since the page loaded (e.g. the category expired): show its step instead.
      if (gateOf(error)) {
        await gates.refetch();
        return;
      }
      // Newer terms were published while the page was open: show them to be read and ticked again.
      if (error instanceof ApiError && error.status === 409 && termsId) {
        form.setFieldValue('accept_terms', false);
        await currentTerms.refetch();
      }
      throw error;
    }
  }, form);

  if (gateOf(query.error)) return <InvestorGateStep slug={slug} purpose="view" />;
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!opportunity) return <Skeleton h={360} radius="md" />;
  if (opportunity.market_sounding_pending) return <ErrorPage status={404} />;
  if (promptDue && !done) return <CategoryPrompt slug={slug} />;

  if (done) {
    return (
      <Stack gap="lg" maw={760} mx="auto">
        <Alert variant="light" color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title="Your allocation is reserved">
          You reserved {formatMoney(done.amount, done.currency)} in {opportunity.name}. The details are below and in{' '}
          {terms.investments.toLowerCase()}.
        </Alert>
        <InvestmentSummary investment={done} />
        <Group>
          <Button component={Link} to={`/investor/investments/${slug}`} variant="light">
            Back to the opportunity
          </Button>
        </Group>
      </Stack>
    );
  }

  const blocked = Boolean(gates.data?.blocked_by);
  const limits = `Between ${formatMoney(opportunity.minimum_investment, opportunity.currency)} and ${formatMoney(opportunity.maximum_investment, opportunity.currency)}; ${formatMoney(opportunity.available_amount, opportunity.currency)} still available.`;
  return (
    <Paper withBorder radius="md" p="xl" maw={760} mx="auto">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            Invest in {opportunity.name}
          </Title>
          <Text c="dimmed">{opportunity.company_name}</Text>
        </div>
        <InvestorGateStep slug={slug} purpose="invest" />
        {!acceptsReservations(opportunity.status) ? (
          <Alert color="gray">This opportunity is not taking new reservations.</Alert>
        ) : (
          <form onSubmit={form.onSubmit((values) => void submit(values))}>
            <Stack gap="md">
              <MoneyInput
                currency={opportunity.currency}
                label={`Amount (${opportunity.currency})`}
                description={limits}
                placeholder="5,000.00"
                required
                {...form.getInputProps('amount')}
              />
              {ownership.picker}
              {termsOn && currentTerms.data && (
                <TermsPanel terms={currentTerms.data} checkbox={form.getInputProps('accept_terms', { type: 'checkbox' })} />
              )}
              <FormError message={formError} />
              <Group>
                <Button
                  type="submit"
                  loading={submitting}
                  disabled={(Boolean(termsId) && !form.values.accept_terms) || (termsOn && currentTerms.isLoading) || blocked}
                >
                  Reserve my allocation
                </Button>
                <Button component={Link} to={`/investor/investments/${slug}`} variant="default">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
