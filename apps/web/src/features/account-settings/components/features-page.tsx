import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { FEATURE_FLAGS, FLAG_DESCRIPTIONS, PUBLIC_FLAG_NAMES, type PublicFlagName } from '@platform/domain';
import { usePageTitle } from '../../../ui/page-title';
import { useBrandingSettings, useSaveBranding } from '../api/account-settings';

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
    </Stack>
  );
}
