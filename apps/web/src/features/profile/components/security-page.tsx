import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN } from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useUpdatePassword } from '../api/profile';

type Values = { current_password: string; password: string; password_confirmation: string };

/** /investor/profile/security: change the password; other devices are signed out, this one stays. */
export function SecurityPage() {
  usePageTitle('Security');
  const update = useUpdatePassword();
  const form = useForm<Values>({ initialValues: { current_password: '', password: '', password_confirmation: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    await update.mutateAsync(values);
    form.reset();
  }, form);
  return (
    <Paper withBorder radius="md" p="xl" maw={560}>
      <form onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Change your password
            </Title>
            <Text size="sm" c="dimmed">
              Use at least {PASSWORD_MIN} characters. You stay signed in here; other devices are signed out.
            </Text>
          </div>
          {update.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {update.data.message}
            </Alert>
          )}
          <PasswordInput label="Current password" required autoComplete="current-password" {...form.getInputProps('current_password')} />
          <PasswordInput label="New password" required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <FormError message={formError} />
          <Button type="submit" loading={submitting} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
