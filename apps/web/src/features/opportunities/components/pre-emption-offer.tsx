import { Alert, Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { INVESTOR_PRE_EMPTION_CHOICES, PRE_EMPTION_CHOICE_LABELS, PreEmptionChoice } from '@platform/domain';
import { Fact } from '../../../ui/fact';
import { useAnswerPreEmption, useMyPreEmptionRounds } from '../api/pre-emption';
import { PreEmptionChoiceForm } from './pre-emption-choice-form';
import { formatDateLong, formatMoney, formatPrice, formatUnits } from '../../../app/format';

/**
 * On the investor's holding page: the company's pre-emption offers and the investor's answer for
 * each of their lines (personally, through an organisation…); once an offer closes, what each line
 * was allotted. Nothing shows without an offer.
 */
export function PreEmptionOffers({ opportunityId }: { opportunityId: number }) {
  const query = useMyPreEmptionRounds(opportunityId);
  const answer = useAnswerPreEmption(opportunityId);
  if (!query.data?.length) return null;
  return (
    <Stack gap="lg">
      {query.data.map((round) => (
        <Paper key={round.id} withBorder radius="md" p="lg" aria-labelledby={`pre-emption-${round.id}`}>
          <Group gap="sm" mb={4}>
            <IconSparkles size={20} aria-hidden />
            <Title order={2} fz="lg" id={`pre-emption-${round.id}`}>
              New shares offered: {round.name}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            As a holder you may take up new shares in proportion to the shares you hold, before they are offered to anyone else.{' '}
            {round.accepts_choices ? `Give your answer by ${formatDateLong(round.deadline)}.` : ''}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 3 }} mb="md">
            <Fact label="Price per share" value={formatPrice(round.price_per_share, round.currency)} />
            <Fact label="Deadline" value={formatDateLong(round.deadline)} />
            <Fact label="Shares offered in all" value={formatUnits(round.shares_offered)} />
          </SimpleGrid>
          {round.is_open && !round.accepts_choices && (
            <Alert variant="light" color="gray" mb="md">
              The deadline has passed. Contact us if you still wish to take part.
            </Alert>
          )}
          {round.entitlements.map((e, index) => (
            <Stack key={e.id} gap="sm">
              {index > 0 && <Divider />}
              <Group justify="space-between" align="flex-start">
                <div>
                  <Text fw={600}>{e.held_through ? `${e.holder_type_label}: ${e.held_through}` : 'Held personally'}</Text>
                  <Text size="sm">
                    You hold {formatUnits(e.shares_held)} shares and may take up {formatUnits(e.entitled_shares)} new shares for{' '}
                    {formatMoney(e.entitled_amount, round.currency)}.
                  </Text>
                </div>
                <Badge variant="light" color={e.choice === PreEmptionChoice.awaiting ? 'yellow' : 'teal'}>
                  {e.choice === PreEmptionChoice.awaiting
                    ? 'Awaiting your answer'
                    : `Your answer: ${PRE_EMPTION_CHOICE_LABELS[e.choice]}${e.requested_amount ? `, ${formatMoney(e.requested_amount, round.currency)}` : ''}`}
                </Badge>
              </Group>
              {!round.is_open && (
                <Alert variant="light" color={Number(e.allotted_shares) > 0 ? 'teal' : 'gray'} title="This offer has closed">
                  {Number(e.allotted_shares) > 0
                    ? `You have been allotted ${formatUnits(e.allotted_shares)} new shares for ${formatMoney(e.allotted_amount, round.currency)}${e.requested_shares && Number(e.allotted_shares) < Number(e.requested_shares) ? `, fewer than the ${formatUnits(e.requested_shares)} you asked for because more were asked for than were offered` : ''}. We will be in touch about payment.`
                    : 'No new shares were allotted to you in this offer.'}
                </Alert>
              )}
              {round.accepts_choices && (
                <PreEmptionChoiceForm
                  key={`${e.id}-${e.chosen_at ?? ''}`}
                  choices={INVESTOR_PRE_EMPTION_CHOICES}
                  current={e}
                  entitledAmount={e.entitled_amount}
                  currency={round.currency}
                  submitLabel={e.choice === PreEmptionChoice.awaiting ? 'Send my answer' : 'Change my answer'}
                  onSubmit={(body) => answer(e.id, body)}
                />
              )}
            </Stack>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
