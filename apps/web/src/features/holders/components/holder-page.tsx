import type { ReactNode } from 'react';
import { Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { can, HOLDER_PERMISSION_EVENT } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { ButtonLink } from '../../../ui/button-link';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import type { HolderResource } from '../api/holders';
import { DeleteHolderButton } from './delete-holder-button';
import { BackLink } from '../../../ui/back-link';
import { RouteTabs } from '../../../ui/route-tabs';

interface Props {
  resource: HolderResource;
  record: { id: number; name: string } | undefined;
  error: unknown;
  listPath: string;
  listLabel: string;
  /** The record's base path; tabs are its sub-paths. */
  base: string;
  tabs: Array<{ value: string; label: string }>;
  tab: string;
  badges?: ReactNode;
  children: ReactNode;
}

/** One holder's page: back to the list, name, edit and delete, and its tabs (each a URL). */
export function HolderPage({ resource, record, error, listPath, listLabel, base, tabs, tab, badges, children }: Props) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  usePageTitle(record?.name ?? listLabel);
  if (error) return <ErrorPage status={error instanceof ApiError ? error.status : 500} />;
  if (!record)
    return (
      <Stack gap="lg">
        <Skeleton h={36} w={320} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <BackLink to={listPath}>{listLabel}</BackLink>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={26}>
            {record.name}
          </Title>
          {badges && (
            <Group gap="xs" mt={6}>
              {badges}
            </Group>
          )}
        </div>
        <Group gap="sm">
          {can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update') && (
            <ButtonLink to={`${base}/edit`} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </ButtonLink>
          )}
          <DeleteHolderButton resource={resource} id={record.id} name={record.name} listPath={listPath} />
        </Group>
      </Group>
      <RouteTabs value={tab} onChange={(value) => value && void navigate({ to: `${base}/${value}` })}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">{children}</Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}
