import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatNumber } from '../../../app/format';
import { type SecuritySettings, type SecuritySettingsInput, securitySettingsBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SectionCard } from '../../../ui/section-card';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/account-security';

/**
 * /admin/settings/security (Password Management): the password policy (length only, as NIST SP
 * 800-63B asks, plus the breached-password list), how long sessions last, and whether staff must
 * use two-factor sign-in.
 */
export function PasswordManagementPage() {
  usePageTitle('Password Management');
  const settings = useSecuritySettings();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz={26}>
        Password Management
      </Title>
      {settings.isPending && <Text c="dimmed">Loading…</Text>}
      {settings.error && <Alert color="red">{settings.error.message}</Alert>}
      {settings.data && <SecurityForm current={settings.data} />}
    </Stack>
  );
}

function SecurityForm({ current }: { current: SecuritySettings }) {
  const save = useSaveSecuritySettings();
  const form = useForm<SecuritySettingsInput>({
    initialValues: {
      password_min_length: current.password_min_length,
      session_lifetime_minutes: current.session_lifetime_minutes,
      session_idle_minutes: current.session_idle_minutes,
      require_staff_two_factor: current.require_staff_two_factor,
    },
    validate: validateWith(securitySettingsBody, (values: SecuritySettingsInput) => values),
  });
  const { submit, submitting, formError } = useSubmit(async (values: SecuritySettingsInput) => {
    await save.mutateAsync(values);
  }, form);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="lg">
        {save.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            The security settings are saved. Open sessions follow the new limits from their next request.
          </Alert>
        )}
        <SectionCard title="Passwords">
          <Stack gap="sm">
            <NumberInput
              label="Minimum length"
              description={`Between 8 and 64 characters. Passwords may be up to ${current.password_max_length} characters long.`}
              min={8}
              max={64}
              maw={260}
              allowDecimal={false}
              {...form.getInputProps('password_min_length')}
            />
            <Text size="sm" c="dimmed">
              There are no rules about upper case, digits or symbols: they make passwords harder to remember, not to guess. Instead every
              new password is checked against a list of {formatNumber(current.breached_passwords_listed)} passwords known from data
              breaches, shipped with the product, and refused if it is on it.
            </Text>
          </Stack>
        </SectionCard>
        <SectionCard title="Sessions">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <NumberInput
              label="Session lifetime (minutes)"
              description="A session ends this long after sign-in, however busy."
              min={15}
              max={43200}
              maw={300}
              allowDecimal={false}
              {...form.getInputProps('session_lifetime_minutes')}
            />
            <NumberInput
              label="Idle timeout (minutes)"
              description="A session ends after this long without use."
              min={5}
              max={1440}
              maw={300}
              allowDecimal={false}
              {...form.getInputProps('session_idle_minutes')}
            />
          </Group>
        </SectionCard>
        <SectionCard title="Two-factor sign-in">
          <Checkbox
            label="Require two-factor sign-in for every staff role"
            description="Staff without it are led to set it up at their next sign-in, before anything else. Investors choose for themselves."
            {...form.getInputProps('require_staff_two_factor', { type: 'checkbox' })}
          />
        </SectionCard>
        <FormError message={formError} />
        <Button type="submit" loading={submitting} w="fit-content">
          Save
        </Button>
      </Stack>
    </form>
  );
}
