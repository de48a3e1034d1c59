import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import type { MembershipPlan } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { useFeeRequests, useMembership, useMembershipActions, usePayFee } from '../api/payments';
import { FeeRequestsTable, MembershipPaymentsTable, MembershipSummary, planPrice } from './membership-parts';

/** A refusal's first message, for an action that has no form. */
const messageOf = (error: unknown) =>
  error instanceof ApiError && error.errors && typeof error.errors === 'object'
    ? Object.values(error.errors)[0]?.[0]
    : (error as Error | null)?.message;

/**
 * /investor/profile/subscription (spec §2.3): the investor's membership of the network — plan,
 * state, next payment and the payments taken — with starting, changing and cancelling it by card,
 * and the fees the firm asked for. Card actions show only when the firm takes card payments.
 */
export function SubscriptionPage() {
  usePageTitle('Membership');
  const { settings } = useBranding();
  const cards = settings?.card_payments_enabled === true;
  const { payment } = useSearch({ strict: false }) as { payment?: string };
  const membership = useMembership();
  const fees = useFeeRequests();
  const payFee = usePayFee();
  const current = membership.data?.subscription;
  const live = current && current.status !== 'ended' && current.status !== 'pending';
  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        Membership
      </Title>
      {payment === 'done' && (
        <Alert color="teal" title="Thank you">
          Your card payment is being confirmed. This page shows it as soon as the card provider tells us, usually within a minute.
        </Alert>
      )}
      {payment === 'cancelled' && <Alert color="gray">The card payment was cancelled. Nothing was taken.</Alert>}
      {!cards && <Alert color="gray">Card payments are not available at the moment. Please contact us to join or to pay a fee.</Alert>}
      {membership.isPending ? (
        <Skeleton height={140} radius="md" />
      ) : (
        <Paper withBorder radius="md" p="lg">
          {live ? (
            <Stack>
              <MembershipSummary membership={current} />
              {cards && (
                <MembershipActions
                  plans={membership.data?.plans ?? []}
                  currentPlanId={current.plan.id}
                  ending={current.cancel_at_period_end}
                />
              )}
            </Stack>
          ) : (
            <PlanChoice plans={membership.data?.plans ?? []} cards={cards} />
          )}
        </Paper>
      )}
      <Stack gap="xs">
        <Title order={3} fz="md">
          Payments
        </Title>
        {membership.isPending ? <Skeleton height={80} /> : <MembershipPaymentsTable payments={membership.data?.payments ?? []} />}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Fees
        </Title>
        {payFee.error && <Alert color="red">{messageOf(payFee.error)}</Alert>}
        {fees.isPending ? (
          <Skeleton height={80} />
        ) : (
          <FeeRequestsTable
            fees={fees.data ?? []}
            action={(fee) =>
              cards &&
              fee.status === 'open' && (
                <Button size="xs" loading={payFee.isPending && payFee.variables === fee.id} onClick={() => payFee.mutate(fee.id)}>
                  Pay by card
                </Button>
              )
            }
          />
        )}
      </Stack>
    </Stack>
  );
}

/** Not a member (or no longer): the plans on offer, each to start by card. */
function PlanChoice({ plans, cards }: { plans: MembershipPlan[]; cards: boolean }) {
  const { start } = useMembershipActions();
  if (plans.length === 0) return <Text>No membership plans are offered at the moment.</Text>;
  return (
    <Stack>
      <Text>Choose a plan to become a member. You pay by card, and can change plan or cancel at any time.</Text>
      {start.error && <Alert color="red">{messageOf(start.error)}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {plans.map((plan) => (
          <Paper key={plan.id} withBorder radius="md" p="md">
            <Stack gap={6} h="100%" justify="space-between">
              <div>
                <Text fw={700}>{plan.name}</Text>
                <Text>{planPrice(plan)}</Text>
                {plan.description && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {plan.description}
                  </Text>
                )}
              </div>
              {cards && (
                <Button
                  mt="sm"
                  loading={start.isPending && start.variables === plan.id}
                  onClick={() => start.mutate(plan.id)}
                  aria-label={`Start membership: ${plan.name}`}
                >
                  Start membership
                </Button>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A member changes plan (the difference is prorated by the card provider) or cancels at the period end. */
function MembershipActions({ plans, currentPlanId, ending }: { plans: MembershipPlan[]; currentPlanId: number; ending: boolean }) {
  const { change, cancel } = useMembershipActions();
  const [planId, setPlanId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const others = plans
    .filter((p) => p.id !== currentPlanId || ending)
    .map((p) => ({ value: String(p.id), label: `${p.name} — ${planPrice(p)}` }));
  const error = change.error ?? cancel.error;
  return (
    <Stack gap="sm">
      {error && <Alert color="red">{messageOf(error)}</Alert>}
      <Group align="end">
        {others.length > 0 && (
          <>
            <Select
              label="Change plan"
              placeholder="Choose a plan"
              data={others}
              value={planId}
              onChange={setPlanId}
              w={{ base: '100%', sm: 320 }}
            />
            <Button variant="light" disabled={!planId} loading={change.isPending} onClick={() => planId && change.mutate(Number(planId))}>
              {ending ? 'Keep membership on this plan' : 'Change plan'}
            </Button>
          </>
        )}
        {!ending && (
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Cancel membership
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel membership?">
        <Stack>
          <Text>Your membership stays active until the end of the period you have paid for. No further payments will be taken.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep membership
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              Cancel membership
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
