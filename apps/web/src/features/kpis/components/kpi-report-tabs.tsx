import { Group } from '@mantine/core';
import { ButtonLink } from '../../../ui/button-link';

const VIEWS = [
  { value: 'grid', label: 'Values', to: '/admin/reports/kpis' },
  { value: 'requests', label: 'Requests', to: '/admin/reports/kpis/requests' },
] as const;

/** The two views of /admin/reports/kpis, as links: the values grid and the requests sent to companies. */
export function KpiReportTabs({ active }: { active: (typeof VIEWS)[number]['value'] }) {
  return (
    <Group component="nav" aria-label="KPI views" gap="xs">
      {VIEWS.map((view) => (
        <ButtonLink
          key={view.value}
          to={view.to}
          variant={view.value === active ? 'light' : 'subtle'}
          aria-current={view.value === active ? 'page' : undefined}
        >
          {view.label}
        </ButtonLink>
      ))}
    </Group>
  );
}
