import { Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import type { StaffNotificationSetting } from '@platform/domain';
import { SectionCard } from '../../../ui/section-card';
import { FormError } from '../../../ui/form-error';
import { useSaveStaffNotificationSettings, useStaffNotificationSettings } from '../api/staff-settings';

/** A member of staff's notification switches: each kind they receive, in the bell and in the daily e-mail digest. */
export function StaffNotificationSettingsCard() {
  const settings = useStaffNotificationSettings();
  const save = useSaveStaffNotificationSettings();
  const toggle = (s: StaffNotificationSetting, field: 'bell' | 'digest', value: boolean) =>
    save.mutate({ settings: [{ kind: s.kind, bell: s.bell, digest: s.digest, [field]: value }] });
  return (
    <SectionCard title="Notifications">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          What investors do that you may need to act on. The daily digest is one e-mail each morning listing what you have not read in the
          last day.
        </Text>
        {settings.isLoading ? (
          <Skeleton h={120} />
        ) : !settings.data?.length ? (
          <Text size="sm">Your role receives no notifications about investors’ actions.</Text>
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Notification</Table.Th>
                <Table.Th ta="center">Bell</Table.Th>
                <Table.Th ta="center">Daily e-mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.data.map((s) => (
                <Table.Tr key={s.kind}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {s.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      mx="auto"
                      w="fit-content"
                      checked={s.bell}
                      aria-label={`${s.label} in the bell`}
                      onChange={(e) => toggle(s, 'bell', e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      mx="auto"
                      w="fit-content"
                      checked={s.digest}
                      aria-label={`${s.label} in the daily e-mail`}
                      onChange={(e) => toggle(s, 'digest', e.currentTarget.checked)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <FormError message={save.error?.message ?? null} />
      </Stack>
    </SectionCard>
  );
}
