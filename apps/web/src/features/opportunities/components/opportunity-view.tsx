import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Image,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconFileText, IconUser } from '@tabler/icons-react';
import type { PublicDocument as PublicDocumentItem } from '@platform/domain';
import { RichText } from '../../../ui/rich-text';
import { useGallery, type Opportunity } from '../api/opportunities';
import { Fact } from '../../../ui/fact';
import { formatDateLong, formatMoney, formatPercent, formatPrice } from '../../../app/format';

export function FundingProgress({
  opportunity,
}: {
  opportunity: Pick<Opportunity, 'committed_amount' | 'target_raise' | 'percent_raised' | 'currency'>;
}) {
  const percent = opportunity.percent_raised ?? 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {formatMoney(opportunity.committed_amount, opportunity.currency)} committed
        </Text>
        <Text size="sm" c="dimmed">
          {formatPercent(percent)} of {formatMoney(opportunity.target_raise, opportunity.currency)}
        </Text>
      </Group>
      <Progress value={Math.min(100, percent)} size="lg" radius="xl" aria-label={`${formatPercent(percent)} of the target raised`} />
    </Stack>
  );
}

/**
 * An opportunity as an investor sees it: used by the investor page and by the staff preview, so
 * the preview is exactly what investors get.
 */
export type PublicDocument = Pick<PublicDocumentItem, 'id' | 'name' | 'download_url'>;

export function OpportunityView({
  opportunity,
  action,
  documents = [],
}: {
  opportunity: Opportunity;
  action?: ReactNode;
  documents?: PublicDocument[];
}) {
  const gallery = useGallery(opportunity.id);
  const [cover, ...pictures] = gallery.data ?? [];
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding={0}>
        {gallery.isLoading ? (
          <Skeleton h={220} />
        ) : cover ? (
          <Image src={cover.url} alt={cover.caption ?? opportunity.company_name} h={220} fit="cover" />
        ) : null}
        <Stack p="lg" gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div>
              <Title order={1} fz={28}>
                {opportunity.name}
              </Title>
              <Text c="dimmed">{opportunity.company_name}</Text>
            </div>
            <Group gap="xs">
              {opportunity.tax_relief !== 'none' && <Badge variant="filled">{opportunity.tax_relief}</Badge>}
              {opportunity.industry && <Badge variant="light">{opportunity.industry}</Badge>}
              {opportunity.round_type && (
                <Badge variant="light" color="gray">
                  {opportunity.round_type}
                </Badge>
              )}
            </Group>
          </Group>
          {opportunity.summary && <Text size="lg">{opportunity.summary}</Text>}
          <FundingProgress opportunity={opportunity} />
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
            <Fact strong label="Target raise" value={formatMoney(opportunity.target_raise, opportunity.currency)} />
            <Fact strong label="Minimum" value={formatMoney(opportunity.minimum_investment, opportunity.currency)} />
            <Fact strong label="Maximum" value={formatMoney(opportunity.maximum_investment, opportunity.currency)} />
            <Fact strong label="Share price" value={formatPrice(opportunity.share_price, opportunity.currency)} />
            <Fact strong label="Pre-money valuation" value={formatMoney(opportunity.pre_money_valuation, opportunity.currency)} />
            <Fact strong label="Closes" value={formatDateLong(opportunity.closes_at)} />
          </SimpleGrid>
          {action}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Box style={{ gridColumn: 'span 2' }}>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz="lg" mb="sm">
              About the opportunity
            </Title>
            <RichText html={opportunity.description} />
            {opportunity.fees && (
              <Text size="sm" c="dimmed" mt="md">
                Fees: {opportunity.fees}
              </Text>
            )}
          </Paper>
        </Box>
        <Stack gap="lg">
          {opportunity.key_points.length > 0 && (
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="lg" mb="sm">
                Key points
              </Title>
              <List
                spacing="xs"
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light">
                    <IconCircleCheck size={14} aria-hidden />
                  </ThemeIcon>
                }
              >
                {opportunity.key_points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
            </Paper>
          )}
          {documents.length > 0 && (
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="lg" mb="sm">
                Documents
              </Title>
              <Stack gap="xs">
                {documents.map((d) => (
                  <Anchor key={d.id} href={d.download_url} size="sm">
                    <Group gap={6} wrap="nowrap">
                      <IconFileText size={16} aria-hidden />
                      {d.name}
                    </Group>
                  </Anchor>
                ))}
              </Stack>
            </Paper>
          )}
          {opportunity.key_dates.length > 0 && (
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="lg" mb="sm">
                Key dates
              </Title>
              <Stack gap="xs">
                {opportunity.key_dates.map((d) => (
                  <Group key={`${d.label}-${d.date}`} gap="xs" wrap="nowrap">
                    <IconCalendarEvent size={16} aria-hidden />
                    <Text size="sm">
                      <b>{d.label}</b>: {formatDateLong(d.date)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          )}
        </Stack>
      </SimpleGrid>

      {opportunity.team.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Team
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {opportunity.team.map((member) => (
              <Card key={member.name} withBorder radius="md" padding="md">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size={40} radius="xl">
                    <IconUser size={20} aria-hidden />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{member.name}</Text>
                    <Text size="sm" c="dimmed">
                      {member.role}
                    </Text>
                    {member.bio && (
                      <Text size="sm" mt={4}>
                        {member.bio}
                      </Text>
                    )}
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {pictures.length > 0 && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {pictures.map((picture) => (
            <Image key={picture.id} src={picture.url} alt={picture.caption ?? ''} radius="md" h={140} fit="cover" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
