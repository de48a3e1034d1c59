import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { formatMoney } from '../../../app/format';
import { useMyRewards } from '../api/rewards';

/**
 * The perks of an opportunity for the investor (decision 0063). On the opportunity page every tier
 * shows; on a holding (`held`) the tiers the investor's invested amount reaches come with how to
 * claim them. Nothing shows when the company offers none.
 */
export function InvestorPerks({ opportunityId, held = false }: { opportunityId: number; held?: boolean }) {
  const query = useMyRewards(opportunityId);
  const data = query.data;
  if (!data || data.perks.length === 0) return null;
  const perks = held ? data.perks.filter((p) => p.qualified) : data.perks;
  return (
    <Paper withBorder radius="md" p="lg">
      <Group gap="xs" mb="xs">
        <IconGift size={20} aria-hidden />
        <Title order={2} fz="lg">
          {held ? 'Your investor perks' : 'Investor perks'}
        </Title>
      </Group>
      {held && (
        <Text size="sm" c="dimmed" mb="sm">
          {perks.length === 0
            ? `You have invested ${formatMoney(data.invested, data.currency)}. Perks start from ${formatMoney(data.perks[0].min_amount, data.currency)}.`
            : `With ${formatMoney(data.invested, data.currency)} invested, you qualify for these perks.`}
        </Text>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {perks.map((perk) => (
          <li key={perk.id}>
            <Group gap="xs">
              <Text fw={600}>{perk.title}</Text>
              <Badge variant="light" color={perk.qualified ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
                {perk.qualified ? 'You qualify' : `From ${formatMoney(perk.min_amount, perk.currency)}`}
              </Badge>
            </Group>
            <Text size="sm">{perk.description}</Text>
            {perk.how_to_claim && (
              <Text size="sm" c="dimmed">
                How to claim: {perk.how_to_claim}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
