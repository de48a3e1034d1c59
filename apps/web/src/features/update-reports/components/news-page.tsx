import { useState } from 'react';
import { Anchor, Badge, Card, Group, Pagination, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconFolder, IconNews } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { updateReportInvestorPath } from '@platform/domain';
import { formatDate } from '../../../app/format';
import { useBranding } from '../../../app/settings';
import { EmptyState } from '../../../ui/empty-state';
import { usePageTitle } from '../../../ui/page-title';
import { type InvestorUpdateReport, useMyUpdateReports } from '../api/update-reports';

const PER_PAGE = 10;

/** One update in a list: title, what it is about, when it came out, and a mark while unread. */
function UpdateCard({ report, area }: { report: InvestorUpdateReport; area: 'news' | 'portfolio' }) {
  const unread = report.opened_at === null;
  return (
    <UnstyledButton component={Link} to={updateReportInvestorPath(report, area)}>
      <Card
        withBorder
        radius="md"
        padding="md"
        style={{ borderLeft: unread ? '4px solid var(--mantine-primary-color-filled)' : undefined }}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={unread ? 700 : 600}>
              {report.title}
              {unread && <VisuallyHidden>, unread</VisuallyHidden>}
            </Text>
            <Text size="sm" c="dimmed">
              {[report.subject?.name, report.report_type?.name, report.report_sub_type?.name].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(report.published_at)}
            </Text>
            {unread && (
              <Badge size="sm" aria-hidden>
                New
              </Badge>
            )}
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** The updates addressed to the investor, newest first; `filters` narrows them to one holding or fund. */
export function UpdateList({
  filters = {},
  area,
  empty,
}: {
  filters?: Record<string, string>;
  area: 'news' | 'portfolio';
  empty: React.ReactNode;
}) {
  const [page, setPage] = useState(1);
  const list = useMyUpdateReports({ page, perPage: PER_PAGE, sort: '-published_at', filters });
  if (!list.data) return <Skeleton h={200} radius="md" />;
  if (!list.data.data.length) return <>{empty}</>;
  return (
    <Stack gap="sm">
      {list.data.data.map((report) => (
        <UpdateCard key={report.id} report={report} area={area} />
      ))}
      {list.data.meta.last_page > 1 && (
        <Pagination value={page} onChange={setPage} total={list.data.meta.last_page} getControlProps={() => ({ 'aria-label': 'Page' })} />
      )}
    </Stack>
  );
}

/** /investor/news: every live update addressed to the investor, newest first, unread marked. */
export function NewsPage() {
  const { terms } = useBranding();
  usePageTitle(terms.news);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={28}>
          {terms.news}
        </Title>
        {/* The firm's document library (features/library, decision 0064). */}
        <Anchor component={Link} to="/investor/news/library" fw={600}>
          <Group gap={6} component="span">
            <IconFolder size={18} aria-hidden />
            Document library
          </Group>
        </Anchor>
      </Group>
      <UpdateList
        area="news"
        empty={
          <EmptyState icon={IconNews} title="No news yet">
            Updates about your investments and funds will appear here.
          </EmptyState>
        }
      />
    </Stack>
  );
}

/** Updates about one holding or fund, on its portfolio page. */
export function HoldingUpdates({ opportunityId, fundId }: { opportunityId?: number; fundId?: number }) {
  const filters: Record<string, string> = opportunityId ? { opportunity_id: String(opportunityId) } : { fund_id: String(fundId) };
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Updates
      </Title>
      <UpdateList filters={filters} area="portfolio" empty={<Text c="dimmed">No updates yet.</Text>} />
    </Stack>
  );
}
