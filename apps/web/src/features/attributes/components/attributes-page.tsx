import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPlus, IconTags } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ATTRIBUTE_MODE_LABELS, ATTRIBUTE_SUBJECT_LABELS, ATTRIBUTE_TYPE_LABELS, can, type AttributeSubjectType } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { useAttributes } from '../api/attributes';
import { AttributeForm } from './attribute-form';
import { EmptyState } from '../../../ui/empty-state';
import { SimpleTable } from '../../../ui/simple-table';

/** /admin/settings/attributes: the custom attributes of investors and contacts (?for=contact). */
export function AttributesPage() {
  usePageTitle('Custom Attributes');
  const { terms } = useBranding();
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as { for?: AttributeSubjectType };
  const subjectType: AttributeSubjectType = search.for === 'contact' ? 'contact' : 'user';
  const navigate = useNavigate();
  const list = useAttributes(subjectType);
  const [creating, setCreating] = useState(false);
  const mayCreate = can(user?.role_id, 'settings_attributes', 'create');
  const label = subjectType === 'user' ? terms.investors : terms.contacts;

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Custom Attributes
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Extra fields on the forms and pages of {terms.investors.toLowerCase()} and {terms.contacts.toLowerCase()}.
          </Text>
        </div>
        {mayCreate && !creating && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New attribute
          </Button>
        )}
      </Group>
      <SegmentedControl
        w={320}
        aria-label="Attributes of"
        value={subjectType}
        onChange={(value) => void navigate({ to: '/admin/settings/attributes', search: value === 'contact' ? { for: 'contact' } : {} })}
        data={[
          { value: 'user', label: terms.investors ?? ATTRIBUTE_SUBJECT_LABELS.user },
          { value: 'contact', label: terms.contacts ?? ATTRIBUTE_SUBJECT_LABELS.contact },
        ]}
      />
      {creating && <AttributeForm subjectType={subjectType} onSaved={() => setCreating(false)} onCancel={() => setCreating(false)} />}
      {!list.data ? (
        <Skeleton h={200} radius="md" />
      ) : list.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState icon={IconTags} title={`No attributes for ${label.toLowerCase()} yet`}>
            Add fields such as “Source of funds” or “Preferred sectors”; they appear on the forms and detail pages.
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <SimpleTable
            verticalSpacing="sm"
            horizontalSpacing="md"
            striped
            caption={`Custom attributes of ${label}`}
            rows={list.data}
            rowKey={(a) => a.id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                render: (a) => (
                  <Text
                    component={Link}
                    to={`/admin/settings/attributes/configure/${a.id}`}
                    fw={600}
                    size="sm"
                    c="brand.8"
                    style={{ textDecoration: 'none' }}
                  >
                    {a.name}
                  </Text>
                ),
              },
              { key: 'type', label: 'Type', render: (a) => <Text size="sm">{ATTRIBUTE_TYPE_LABELS[a.type]}</Text> },
              {
                key: 'options',
                label: 'Options',
                render: (a) => (
                  <Text size="sm" c={a.options.length ? undefined : 'dimmed'}>
                    {a.options.length ? a.options.join(', ') : '—'}
                  </Text>
                ),
              },
              {
                key: 'mode',
                label: 'Mode',
                render: (a) =>
                  a.mode === 'locked' ? (
                    <Badge color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                      Locked
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      {ATTRIBUTE_MODE_LABELS.editable}
                    </Badge>
                  ),
              },
            ]}
          />
        </Paper>
      )}
    </Stack>
  );
}
