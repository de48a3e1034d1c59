import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePasswordSchema } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { SectionCard } from '../../../ui/section-card';
import { usePasswordPolicy, useUpdatePassword } from '../api/account-security';

type Values = { current_password: string; password: string; password_confirmation: string };

/** The policy as one sentence, for the hint under a new-password field. */
export function PasswordHint() {
  const policy = usePasswordPolicy();
  const min = policy.data?.min_length;
  return (
    <>
      {min ? `At least ${min} characters. ` : ''}A few unrelated words make a strong password; spaces are fine. Passwords known from data
      breaches are refused.
    </>
  );
}

/** Changes the signed-in person's password: the current one is asked for; other devices are signed out, this one stays. */
export function ChangePasswordCard() {
  const update = useUpdatePassword();
  const form = useForm<Values>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: validateWith(updatePasswordSchema, (values: Values) => values),
  });
  const { submit, submitting, formError } = useSubmit(async (values: Values) => {
    await update.mutateAsync(values);
    form.reset();
  }, form);
  return (
    <SectionCard title="Change your password">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md" maw={480}>
          <Text size="sm" c="dimmed">
            You stay signed in here; your other devices are signed out.
          </Text>
          {update.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {update.data.message}
            </Alert>
          )}
          <PasswordInput label="Current password" required autoComplete="current-password" {...form.getInputProps('current_password')} />
          <PasswordInput
            label="New password"
            description={<PasswordHint />}
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
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
    </SectionCard>
  );
}
