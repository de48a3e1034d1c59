import { useState } from 'react';
import { Accordion, Button, Checkbox, Group, Paper, Radio, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { INTENT_OPTION_LABELS, INTENT_OPTIONS, type IntentOption, type InvestorPlacement } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { formatDate, formatMoney } from '../../../app/format';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { BackLink } from '../../../ui/back-link';
import { FormError } from '../../../ui/form-error';
import { MoneyInput } from '../../../ui/money-input';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { ErrorPage } from '../../errors';
import { useAcceptPlacementSounding, useCurrentIntentTerms, useMyPlacement, useSaveIntent } from '../api/placements';

function MarketSounding({ placement }: { placement: InvestorPlacement }) {
  const { terms } = useBranding();
  const accept = useAcceptPlacementSounding(placement.id);
  const [agreed, setAgreed] = useState(false);
  const { submit, submitting, formError } = useSubmit(() => accept.mutateAsync(undefined));
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconShieldLock size={22} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="xl">
            {terms.marketSoundingAcceptance}
          </Title>
        </Group>
        <RichText html={placement.market_sounding.description} />
        <Text size="sm" c="dimmed">
          Your acceptance is recorded in our insider register with the date and time.
        </Text>
        <Checkbox
          label="I understand and accept to receive inside information"
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
        />
        <FormError message={formError} />
        <Group>
          <Button disabled={!agreed} loading={submitting} onClick={() => void submit({})}>
            Accept and continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type IntentValues = { option: IntentOption | ''; amount: string; accept_terms: boolean };

function IntentForm({ placement }: { placement: InvestorPlacement }) {
  const current = useCurrentIntentTerms();
  const save = useSaveIntent();
  const [saved, setSaved] = useState(false);
  const form = useForm<IntentValues>({
    initialValues: { option: placement.intent?.option ?? '', amount: placement.intent?.amount ?? '', accept_terms: false },
  });
  const terms = current.data;
  const { submit, submitting, formError } = useSubmit(async (values: IntentValues) => {
    setSaved(false);
    const interested = values.option !== 'not_interested';
    await save.mutateAsync({
      placement_id: placement.id,
      option: values.option as IntentOption,
      ...(interested ? { amount: values.amount, accept_terms: values.accept_terms, intent_terms_id: terms?.id } : {}),
    });
    await current.refetch();
    setSaved(true);
  }, form);
  const interested = form.values.option !== '' && form.values.option !== 'not_interested';
  return (
    <Paper withBorder radius="md" p="xl" component="form" onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack gap="md">
        <Title order={2} fz="xl">
          Your answer
        </Title>
        <Radio.Group label="Would you invest?" {...form.getInputProps('option')}>
          <Stack gap="xs" mt="xs">
            {INTENT_OPTIONS.map((o) => (
              <Radio key={o} value={o} label={INTENT_OPTION_LABELS[o]} />
            ))}
          </Stack>
        </Radio.Group>
        {interested && (
          <>
            <MoneyInput
              label="Indicative amount"
              description="What you would expect to invest; not a commitment."
              currency={placement.currency}
              maw={280}
              {...form.getInputProps('amount')}
            />
            {terms ? (
              <>
                <Accordion variant="contained" defaultValue="terms">
                  <Accordion.Item value="terms">
                    <Accordion.Control>Intent terms (version {terms.version})</Accordion.Control>
                    <Accordion.Panel>
                      <RichText html={terms.body} />
                    </Accordion.Panel>
                  </Accordion.Item>
                </Accordion>
                <Checkbox
                  label={`I have read and accept version ${terms.version} of the intent terms`}
                  {...form.getInputProps('accept_terms', { type: 'checkbox' })}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                The intent terms are not published yet; you can answer once they are.
              </Text>
            )}
          </>
        )}
        <FormError message={formError} />
        {saved && (
          <Text size="sm" c="teal.8" role="status">
            Thank you: your answer is saved.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={submitting} disabled={form.values.option === ''}>
            {placement.intent ? 'Update my answer' : 'Send my answer'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /investor/investments/placements/{id}: one deal placed with the investor, and their answer. */
export function PlacementPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const query = useMyPlacement(id);
  const placement = query.data;
  usePageTitle(placement ? placement.company_name : 'Deal being placed with you');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!placement) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <BackLink to="/investor/investments">{terms.investments}</BackLink>
      <div>
        <Title order={1} fz={28}>
          {placement.company_name}
        </Title>
        <Text size="sm" c="dimmed">
          Placed with you {formatDate(placement.created_at)} before launch
          {placement.intent?.amount ? ` · your indication ${formatMoney(placement.intent.amount, placement.intent.currency)}` : ''}
        </Text>
      </div>
      {placement.market_sounding.required ? (
        <MarketSounding placement={placement} />
      ) : (
        <>
          {placement.teaser && (
            <Paper withBorder radius="md" p="xl">
              <RichText html={placement.teaser} />
            </Paper>
          )}
          <IntentForm placement={placement} />
        </>
      )}
    </Stack>
  );
}
