import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { can, CLEANSING_REASON_LABELS, INSIDER_SOURCE_LABELS, type InsiderRegisterView } from '@platform/domain';
import { api } from '../../../app/api-client';
import { formatDateTimeUtc } from '../../../app/format';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useListPage } from '../../../app/use-list-page';
import { DataTable, type Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { ENTRIES, useInsiderEntries, useInsiderProjects, type InsiderEntry, type InsiderProject } from '../api/insider-register';
import { CleanseProjectModal } from './cleanse-project-modal';
import { CorrectEntryModal } from './correct-entry-modal';
import type { RegisterSearch } from './register-search';
import { DateField } from '../../../ui/date-field';

const STATUS_OPTIONS = [
  { value: 'current', label: 'Current insiders' },
  { value: 'ceased', label: 'Ceased' },
  { value: 'superseded', label: 'Corrected (earlier versions)' },
];

function entryColumns(onCorrect: ((entry: InsiderEntry) => void) | null): Column<InsiderEntry>[] {
  return [
    {
      key: 'surname',
      label: 'Insider',
      sort: 'surname',
      width: 170,
      render: (e) => (
        <div>
          <Text fw={600} size="sm">
            {e.first_name} {e.surname}
          </Text>
          <Text size="xs" c="dimmed">
            {e.email ?? e.company_name ?? ''}
          </Text>
        </div>
      ),
    },
    {
      key: 'project',
      label: 'Project',
      width: 150,
      render: (e) => <Text size="sm">{e.project.name}</Text>,
    },
    {
      key: 'reason',
      label: 'Why',
      width: 230,
      render: (e) => (
        <div>
          <Text size="sm">{e.reason}</Text>
          <Group gap={4} mt={2}>
            <Text size="xs" c="dimmed">
              {INSIDER_SOURCE_LABELS[e.source]}
            </Text>
            {e.corrects_id !== null && (
              <Badge tt="none" c="dark.8" size="xs" variant="light" color="blue">
                Corrects entry {e.corrects_id}
              </Badge>
            )}
            {e.corrected_by_id !== null && (
              <Badge tt="none" c="dark.8" size="xs" variant="light" color="gray">
                Corrected by entry {e.corrected_by_id}
              </Badge>
            )}
          </Group>
        </div>
      ),
    },
    {
      key: 'obtained_at',
      label: 'Became an insider',
      sort: 'obtained_at',
      width: 120,
      render: (e) => <Text size="sm">{formatDateTimeUtc(e.obtained_at)}</Text>,
    },
    {
      key: 'recorded_by',
      label: 'Recorded by',
      sort: 'recorded_at',
      width: 130,
      render: (e) => (
        <div>
          <Text size="sm">{e.recorded_by?.name ?? 'Recorded automatically'}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTimeUtc(e.recorded_at)}
          </Text>
        </div>
      ),
    },
    {
      key: 'ceased_at',
      label: 'Ceased',
      width: 110,
      render: (e) =>
        e.ceased_at ? (
          <Text size="sm">{formatDateTimeUtc(e.ceased_at)}</Text>
        ) : (
          <Text size="sm" fw={600}>
            Current
          </Text>
        ),
    },
    ...(onCorrect
      ? [
          {
            key: 'actions',
            label: 'Actions',
            hideLabel: true,
            render: (e: InsiderEntry) =>
              e.corrected_by_id === null && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onCorrect(e)}
                  aria-label={`Correct the entry of ${e.first_name} ${e.surname}`}
                >
                  Correct
                </Button>
              ),
          },
        ]
      : []),
  ];
}

function ProjectsPanel({ onShow, mayCleanse }: { onShow: (project: InsiderProject) => void; mayCleanse: boolean }) {
  const projects = useInsiderProjects();
  const [cleansing, setCleansing] = useState<InsiderProject | null>(null);
  const columns: Column<InsiderProject>[] = [
    {
      key: 'name',
      label: 'Project',
      render: (p) => (
        <div>
          <Text fw={600} size="sm">
            {p.name}
          </Text>
          <Text size="xs" c="dimmed">
            {p.company_name} · {p.opportunity_id ? 'Opportunity' : 'Deal'}
          </Text>
        </div>
      ),
    },
    { key: 'opened_at', label: 'Inside information since', render: (p) => <Text size="sm">{formatDateTimeUtc(p.opened_at)}</Text> },
    { key: 'current', label: 'Current insiders', align: 'right', render: (p) => <Text size="sm">{p.current_insiders}</Text> },
    {
      key: 'status',
      label: 'Status',
      render: (p) =>
        p.cleansing ? (
          <div>
            <Badge tt="none" c="dark.8" variant="light" color="gray">
              Cleansed
            </Badge>
            <Text size="xs" c="dimmed">
              {CLEANSING_REASON_LABELS[p.cleansing.reason]}, {formatDateTimeUtc(p.cleansing.cleansed_at)}
            </Text>
          </div>
        ) : (
          <Badge tt="none" c="dark.8" variant="light" color="red">
            Inside information
          </Badge>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => onShow(p)} aria-label={`Show the insiders of ${p.name}`}>
            Insiders
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={`/api/insider-register/projects/${p.id}/pdf`}
            download
            leftSection={<IconFileTypePdf size={14} aria-hidden />}
            aria-label={`Insider list of ${p.name} as PDF`}
          >
            PDF
          </Button>
          {mayCleanse && !p.cleansing && (
            <Button size="xs" color="red.9" variant="outline" onClick={() => setCleansing(p)} aria-label={`Cleanse ${p.name}`}>
              Cleanse
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="xs">
        Projects with inside information
      </Title>
      {!projects.data ? (
        <Skeleton h={120} />
      ) : (
        <SimpleTable
          caption="Projects with inside information"
          columns={columns}
          rows={projects.data}
          rowKey={(p) => p.id}
          minWidth={720}
          verticalSpacing="sm"
          empty={
            <EmptyState icon={IconShieldLock} title="No projects yet">
              A project starts when an investor accepts a market sounding, or when staff mark an opportunity or deal as inside information.
            </EmptyState>
          }
        />
      )}
      <CleanseProjectModal project={cleansing} onClose={() => setCleansing(null)} />
    </Paper>
  );
}

const VIEW_LABELS: Record<InsiderRegisterView['view'], string> = {
  list: 'Viewed the list',
  export_csv: 'Exported CSV',
  export_xlsx: 'Exported Excel',
  pdf: 'Downloaded a project PDF',
};

/** The latest views of the register: its access log, kept like the register itself. */
function ViewLog() {
  const views = useQuery({
    queryKey: [ENTRIES, 'views'],
    queryFn: () => api<{ data: InsiderRegisterView[] }>('/api/insider-register/views', { query: { per_page: 10 } }).then((r) => r.data),
  });
  const filtersOf = (v: InsiderRegisterView) =>
    [
      ...Object.entries(v.filters)
        .filter(([k]) => k.startsWith('filter['))
        .map(([k, value]) => `${k.slice(7, -1)}: ${value}`),
      v.project_id ? `project ${v.project_id}` : null,
    ]
      .filter(Boolean)
      .join(', ') || 'No filter';
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="xs">
        Who viewed the register
      </Title>
      {!views.data ? (
        <Skeleton h={80} />
      ) : (
        <SimpleTable
          caption="Latest views of the register"
          rows={views.data}
          rowKey={(v) => v.id}
          columns={[
            { key: 'when', label: 'When', render: (v) => <Text size="sm">{formatDateTimeUtc(v.viewed_at)}</Text> },
            { key: 'who', label: 'Who', render: (v) => <Text size="sm">{v.user.name}</Text> },
            { key: 'what', label: 'What', render: (v) => <Text size="sm">{VIEW_LABELS[v.view]}</Text> },
            { key: 'filter', label: 'Filter', render: (v) => <Text size="sm">{filtersOf(v)}</Text> },
          ]}
        />
      )}
    </Paper>
  );
}

/** /admin/insider-register: projects, every insider entry (filtered in the URL), exports and the access log. */
export function InsiderRegisterPage() {
  const { terms } = useBranding();
  usePageTitle(terms.marketSoundingAcceptance);
  const user = useCurrentUser();
  const listPage = useListPage<RegisterSearch>({
    path: '/admin/insider-register',
    defaultSort: '-obtained_at',
    filters: (search, text) => ({
      project_id: search.project ? String(search.project) : undefined,
      person: text,
      obtained_from: search.from,
      obtained_to: search.to,
      status: search.status,
    }),
  });
  const { search, update } = listPage;
  const list = useInsiderEntries(listPage.params);
  const projects = useInsiderProjects();
  const [correcting, setCorrecting] = useState<InsiderEntry | null>(null);
  const filtered = Boolean(search.project || search.search || search.from || search.to || search.status);

  return (
    <Stack gap="lg">
      <ListPage
        title={terms.marketSoundingAcceptance}
        filters={
          <>
            <SelectFilter
              label="Project"
              placeholder="All projects"
              data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={search.project ? String(search.project) : undefined}
              onChange={(value) => update({ project: value ? Number(value) : undefined })}
              w={240}
              searchable
            />
            <SearchFilter placeholder="Name or e-mail" {...listPage.searchBox} w={200} />
            <DateField label="From (UTC)" value={search.from ?? ''} onChange={(day) => update({ from: day || undefined })} w={160} />
            <DateField label="To (UTC)" value={search.to ?? ''} onChange={(day) => update({ to: day || undefined })} w={160} />
            <SelectFilter
              label="State"
              placeholder="Every entry"
              data={STATUS_OPTIONS}
              value={search.status}
              onChange={(value) => update({ status: value as RegisterSearch['status'] })}
            />
          </>
        }
        exports={<ExportButtons resource={ENTRIES} list={listPage.exportList} />}
      >
        <ProjectsPanel onShow={(p) => update({ project: p.id })} mayCleanse={can(user?.role_id, 'insider_register', 'update')} />
        <DataTable
          caption={`${terms.marketSoundingAcceptance}, page ${listPage.page}`}
          columns={entryColumns(can(user?.role_id, 'insider_register', 'create') ? setCorrecting : null)}
          rowKey={(e) => e.id}
          empty={
            <EmptyState icon={IconShieldLock} title={filtered ? 'No entries match' : 'Nobody is on an insider list yet'}>
              {filtered
                ? 'Try another project, person or dates, or clear the filters.'
                : 'Investors who accept a market sounding, and staff who open a project with inside information, are entered here.'}
            </EmptyState>
          }
          {...listPage.table(list)}
        />
      </ListPage>
      <ViewLog />
      <CorrectEntryModal entry={correcting} onClose={() => setCorrecting(null)} />
    </Stack>
  );
}
