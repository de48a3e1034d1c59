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
import { IconCalendarEvent, IconCircleCheck, IconClock, IconFileText, IconUsers, IconUser } from '@tabler/icons-react';
import type { PublicDocument as PublicDocumentItem } from '@platform/domain';
import { RichText } from '../../../ui/rich-text';
import { useGallery, type Opportunity } from '../api/opportunities';
import { Fact } from '../../../ui/fact';
import { formatAmount, formatDateLong, formatNumber, formatPercent, formatPrice, toLocalIsoDate } from '../../../app/format';

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
          {formatAmount(opportunity.committed_amount, opportunity.currency)} committed
        </Text>
        <Text size="sm" c="dimmed">
          {formatPercent(percent)} of {formatAmount(opportunity.target_raise, opportunity.currency)}
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
  documents,
}: {
  opportunity: Opportunity;
  action?: ReactNode;
  /** The public documents; undefined while they load (the card waits), an empty list says none are published. */
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
        ) : (
          <CoverFallback name={opportunity.company_name} />
        )}
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
          <RaiseFacts opportunity={opportunity} />
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
            <Fact strong label="Target raise" value={formatAmount(opportunity.target_raise, opportunity.currency)} />
            <Fact strong label="Minimum" value={formatAmount(opportunity.minimum_investment, opportunity.currency)} />
            <Fact strong label="Maximum" value={formatAmount(opportunity.maximum_investment, opportunity.currency)} />
            <Fact strong label="Share price" value={formatPrice(opportunity.share_price, opportunity.currency)} />
            <Fact strong label="Pre-money valuation" value={formatAmount(opportunity.pre_money_valuation, opportunity.currency)} />
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
          {documents !== undefined && (
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="lg" mb="sm">
                Documents
              </Title>
              {documents.length === 0 && (
                <Text size="sm" c="dimmed">
                  No documents have been published for this opportunity yet. Ask us for the information memorandum before you invest.
                </Text>
              )}
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
        <Stack gap="sm" component="section" aria-labelledby="opportunity-gallery">
          <Title order={2} fz="lg" id="opportunity-gallery">
            Gallery
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {pictures.map((picture) => (
              <Box key={picture.id} component="figure" m={0}>
                <Image src={picture.url} alt={picture.caption ?? `${opportunity.company_name}, picture`} radius="md" h={140} fit="cover" />
                {picture.caption && (
                  <Text component="figcaption" size="xs" c="dimmed" mt={4}>
                    {picture.caption}
                  </Text>
                )}
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

/** Whole days from today to the closing date; null without one. */
export function daysLeft(closesAt: string | null, today: string = toLocalIsoDate()): number | null {
  if (!closesAt) return null;
  const ms = Date.parse(`${closesAt.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

function daysLeftText(days: number): string {
  if (days < 0) return 'Closed';
  if (days === 0) return 'Closes today';
  return days === 1 ? '1 day left' : `${formatNumber(days)} days left`;
}

/** Days left to invest and how many investors have committed: what an investor weighs first. */
function RaiseFacts({ opportunity }: { opportunity: Opportunity }) {
  const days = daysLeft(opportunity.closes_at);
  const investors = opportunity.investor_count;
  if (days === null && investors === undefined) return null;
  return (
    <Group gap="lg">
      {days !== null && (
        <Group gap={6} wrap="nowrap">
          <IconClock size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {daysLeftText(days)}
          </Text>
        </Group>
      )}
      {investors !== undefined && (
        <Group gap={6} wrap="nowrap">
          <IconUsers size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {investors === 1 ? '1 investor' : `${formatNumber(investors)} investors`}
          </Text>
        </Group>
      )}
    </Group>
  );
}

/** Up to two initials of a company name: "Heatwell Storage Ltd" → "HS". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\b(ltd|limited|plc|llp|inc)\b\.?/gi, '')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => [...word][0].toUpperCase())
    .join('');
}

/** The hero when no cover picture was uploaded: the company's initials on the brand colour. */
function CoverFallback({ name }: { name: string }) {
  return (
    <Box
      h={220}
      role="img"
      aria-label={name}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background:
          'radial-gradient(circle at 20% 20%, var(--mantine-color-brand-5), transparent 55%), linear-gradient(135deg, var(--mantine-color-brand-7), var(--mantine-color-brand-9))',
      }}
    >
      <Box
        w={104}
        h={104}
        style={{
          borderRadius: 24,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'rgba(255, 255, 255, 0.14)',
          border: '2px solid rgba(255, 255, 255, 0.55)',
        }}
      >
        <Text c="white" fw={700} fz={40} lh={1} aria-hidden>
          {initialsOf(name)}
        </Text>
      </Box>
    </Box>
  );
}
