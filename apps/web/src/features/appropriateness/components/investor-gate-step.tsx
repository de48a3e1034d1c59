import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconFileCheck, IconHourglass, IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { InvestorGates } from '@platform/domain';
import { useFeature } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { formatWeekdayTime } from '../../../app/format';
import { FormError } from '../../../ui/form-error';
import { RichText } from '../../../ui/rich-text';
import { CategoryPrompt } from '../../profile';
import { useAcknowledgeRiskWarning, useInvestorGates } from '../api/investor-gates';

/** The personalised risk warning (PS22/10): read and acknowledged before a first investment. */
function RiskWarningStep({ warning }: { warning: InvestorGates['risk_warning'] }) {
  const acknowledge = useAcknowledgeRiskWarning();
  const { submit, submitting, formError } = useSubmit(async () => {
    await acknowledge.mutateAsync();
  });
  return (
    <Paper withBorder radius="md" p="lg" bg="orange.0">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Before your first investment
        </Title>
        <Text fw={600}>{warning.text}</Text>
        {warning.details && <RichText html={warning.details} />}
        <FormError message={formError} />
        <div>
          <Button onClick={() => void submit({})} loading={submitting}>
            I understand the risks
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** Alert titles in the text colour: the light variant's own colour is too faint on its background (axe). */
const ALERT_STYLES = { title: { color: 'var(--mantine-color-text)' } };

/**
 * The step an investor must take before seeing this opportunity ('view') or investing in it
 * ('invest'), as the server's gates decide (decision 0028); nothing when there is none.
 */
export function InvestorGateStep({ slug, purpose }: { slug: string; purpose: 'view' | 'invest' }) {
  const gates = useInvestorGates();
  const popupOn = useFeature('enableInvestorTypePopup');
  const state = gates.data;
  if (!state?.blocked_by || (purpose === 'view' && state.may_view_promotions)) return null;
  const back = purpose === 'view' ? `/investor/investments/${slug}` : `/investor/investments/${slug}/invest`;
  const icon = (Icon: typeof IconClockHour4) => <Icon size={18} aria-hidden />;

  switch (state.blocked_by) {
    case 'terms_acceptance':
      return (
        <Alert styles={ALERT_STYLES} variant="light" color="orange" icon={icon(IconFileCheck)} title="Our terms have changed">
          <Text size="sm">Accept the current terms and conditions to see investment opportunities again.</Text>
        </Alert>
      );
    case 'sign_up_documents':
      return (
        <Alert styles={ALERT_STYLES} variant="light" color="orange" icon={icon(IconFileCheck)} title="Documents to accept">
          <Text size="sm">
            Read and accept the sign-up documents to see investment opportunities.{' '}
            <Anchor component={Link} to="/investor/profile/documents">
              Open them
            </Anchor>
          </Text>
        </Alert>
      );
    case 'categorisation_required':
      if (popupOn) return <CategoryPrompt slug={slug} />;
      return (
        <Alert
          styles={ALERT_STYLES}
          variant="light"
          color="orange"
          icon={icon(IconUserQuestion)}
          title="Tell us what kind of investor you are"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The rules on promoting high-risk investments let us show you investment opportunities once you have declared your investor
              category.
            </Text>
            <Button component={Link} to={`/investor/profile/type?redirect=${encodeURIComponent(back)}`} size="sm">
              Declare your category
            </Button>
          </Stack>
        </Alert>
      );
    case 'categorisation_pending':
      return (
        <Alert styles={ALERT_STYLES} variant="light" color="blue" icon={icon(IconHourglass)} title="Your categorisation is being reviewed">
          <Text size="sm">
            Your investor categorisation is waiting for approval by our team. You can view investment opportunities once it is approved.{' '}
            <Anchor component={Link} to="/investor/profile/type">
              See your declaration
            </Anchor>
          </Text>
        </Alert>
      );
    case 'compliance_review':
      // Neutral on purpose (decision 0032): the investor is not told why the account is being reviewed.
      return (
        <Alert styles={ALERT_STYLES} variant="light" color="blue" icon={icon(IconHourglass)} title="Your account is being reviewed">
          <Text size="sm">
            Our compliance team is reviewing your account. You cannot invest until the review is complete; we will contact you if we need
            anything from you.
          </Text>
        </Alert>
      );
    case 'cooling_off':
      return (
        <Alert styles={ALERT_STYLES} variant="light" color="blue" icon={icon(IconClockHour4)} title="Your 24-hour cooling-off period">
          <Text size="sm">
            As a first-time investor you have 24 hours after your categorisation to consider before you invest. You can invest from{' '}
            <strong>{formatWeekdayTime(state.cooling_off_ends_at)}</strong>.
          </Text>
        </Alert>
      );
    case 'risk_warning':
      return <RiskWarningStep warning={state.risk_warning} />;
    case 'appropriateness':
      return (
        <Alert styles={ALERT_STYLES} variant="light" color="orange" icon={icon(IconAlertTriangle)} title="One step before you invest">
          <Text size="sm">
            You need to pass the appropriateness test first.{' '}
            <Anchor component={Link} to={`/investor/profile/appropriateness?redirect=${encodeURIComponent(back)}`}>
              Take the test
            </Anchor>
          </Text>
        </Alert>
      );
  }
}
