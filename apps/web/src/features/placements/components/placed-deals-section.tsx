import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { INTENT_OPTION_LABELS } from '@platform/domain';
import { formatMoney } from '../../../app/format';
import { useMyPlacements } from '../api/placements';

/** On /investor/investments: the deals being placed with this investor before they launch (none: nothing shown). */
export function PlacedDealsSection() {
  const { data } = useMyPlacements();
  if (!data?.length) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="placed-deals-heading">
      <div>
        <Title order={2} fz="xl" id="placed-deals-heading">
          Deals being placed with you
        </Title>
        <Text size="sm" c="dimmed">
          Tell us before launch whether you would invest. Your answer is not binding.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {data.map((p) => (
          <Card key={p.id} withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
              <Title order={3} fz="lg">
                {p.company_name}
              </Title>
              {p.intent ? (
                <Badge variant="light" style={{ textTransform: 'none' }}>
                  {INTENT_OPTION_LABELS[p.intent.option]}
                </Badge>
              ) : (
                <Badge variant="light" color="orange" style={{ textTransform: 'none' }}>
                  Awaiting your answer
                </Badge>
              )}
            </Group>
            {p.intent?.amount && (
              <Text size="sm" mb="sm">
                Indicative {formatMoney(p.intent.amount, p.intent.currency)}
              </Text>
            )}
            <Button component={Link} to={`/investor/investments/placements/${p.id}`} variant="light">
              {p.market_sounding.required ? 'Review and accept' : p.intent ? 'View or change' : 'View and answer'}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
