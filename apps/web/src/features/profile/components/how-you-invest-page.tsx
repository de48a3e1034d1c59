import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconBuilding, IconBuildingBank, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { useHolders } from '../../investor-investments';

/** A way to hold; items with a page (an organisation, a method account) link to it. */
function Way({
  icon: Icon,
  title,
  items,
  empty,
}: {
  icon: typeof IconUser;
  title: string;
  items: Array<{ label: string; to?: string }>;
  empty: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <ThemeIcon variant="light" size={36} radius="md">
          <Icon size={20} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {items.length ? (
          <Stack gap={8} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {items.map((item) => (
              <Text key={item.label} component="li" size="sm">
                {item.to ? (
                  <Anchor component={Link} to={item.to} size="sm">
                    {item.label}
                  </Anchor>
                ) : (
                  item.label
                )}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /investor/profile/investor-type: the ways this investor can hold an investment, chosen each time they invest. */
export function HowYouInvestPage() {
  usePageTitle('How you invest');
  const { terms, flags } = useBranding();
  const holders = useHolders();
  if (!holders.data) return <Skeleton h={260} radius="md" />;
  const { organisations, investment_method_entities: methods, nominees } = holders.data;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        How you invest
      </Title>
      <Text size="sm" c="dimmed">
        Each time you invest you choose how the investment is held. These are the ways open to you.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Way icon={IconUser} title="Personally" items={[{ label: 'In your own name' }]} empty="" />
        <Way
          icon={IconBuilding}
          title={terms.organisations}
          items={organisations.map((o) => ({ label: o.name, to: `/investor/profile/organisation_${o.id}` }))}
          empty="You do not act for an organisation yet."
        />
        <Way
          icon={IconBuildingBank}
          title={terms.altInvestmentMethods}
          items={methods.map((m) => ({ label: m.name, to: `/investor/profile/investmentmethod_${m.id}` }))}
          empty="No pension or ISA accounts are linked to you."
        />
        {flags.enableNominee && (
          <Way
            icon={IconShieldCheck}
            title={terms.nominees}
            items={nominees.map((n) => ({ label: n.name }))}
            empty="No nominee is offered."
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
