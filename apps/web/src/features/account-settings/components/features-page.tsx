import { Alert, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { type DefaultAssociates, FEATURE_FLAGS, FLAG_DESCRIPTIONS, PUBLIC_FLAG_NAMES, type PublicFlagName, Role } from '@platform/domain';
import { SectionCard } from '../../../ui/section-card';
import { usePageTitle } from '../../../ui/page-title';
import { useOwners } from '../../investors';
import { useBrandingSettings, useDefaultAssociates, useSaveBranding, useSaveDefaultAssociates } from '../api/account-settings';

/** Spaces a flag's client name for reading: enableHideBankAdmin → Hide Bank Admin. */
function flagLabel(name: PublicFlagName): string {
  return FEATURE_FLAGS[name]
    .replace(/^enable/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());
}

/**
 * /admin/settings/account/features: every feature flag of spec §3, switched on and off. The server
 * reads the flags on every request, and pages follow them as soon as they reload the settings.
 */
export function FeaturesPage() {
  usePageTitle('Features');
  const branding = useBrandingSettings();
  const save = useSaveBranding();
  const settings = branding.data;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz={26}>
        Features
      </Title>
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      {settings && (
        <Paper withBorder radius="md">
          <Stack gap={0}>
            {PUBLIC_FLAG_NAMES.map((name, index) => (
              <Switch
                key={name}
                p="md"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
                labelPosition="left"
                styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
                label={<Text fw={600}>{flagLabel(name)}</Text>}
                description={FLAG_DESCRIPTIONS[name]}
                checked={settings[name]}
                disabled={save.isPending}
                onChange={(event) => save.mutate({ [name]: event.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Paper>
      )}
      {settings?.default_investor_associates && <DefaultAssociatesCard />}
    </Stack>
  );
}

/** The owner and adviser every new investor gets while "Default Investor Associates" is on; each saved on change. */
function DefaultAssociatesCard() {
  const associates = useDefaultAssociates(true);
  const owners = useOwners();
  const save = useSaveDefaultAssociates();
  const options = (adviserOnly: boolean) =>
    (owners.data ?? []).filter((o) => !adviserOnly || o.role_id === Role.Adviser).map((o) => ({ value: String(o.id), label: o.name }));
  const field = (name: keyof DefaultAssociates, label: string, description: string, none: string) => (
    <Select
      label={label}
      description={description}
      placeholder={owners.isLoading ? 'Loading staff…' : none}
      data={options(name === 'adviser_id')}
      value={associates.data?.[name] != null ? String(associates.data[name]) : null}
      onChange={(value) => save.mutate({ [name]: value ? Number(value) : null })}
      disabled={!associates.data || save.isPending}
      searchable
      clearable
      nothingFoundMessage="No member of staff matches"
    />
  );
  return (
    <SectionCard title="Default investor associates">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Every new investor — registered, added by staff, converted from a lead or imported — gets this owner and adviser unless one is
          chosen for them.
        </Text>
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('owner_id', 'Default owner', 'The member of staff who looks after new investors.', 'No default owner')}
          {field('adviser_id', 'Default adviser', 'A member of staff with the Adviser role.', 'No default adviser')}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
