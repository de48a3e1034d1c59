import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { requestPasswordReset } from '../api/use-auth';
import { SentNotice } from './sent-notice';

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' } });
  const { submit, submitting, formError } = useSubmit(
    async (values: typeof form.values) => setSent((await requestPasswordReset(values)).message),
    form,
  );

  return (
    <CenteredCard title="Reset your password">
      {sent ? (
        <SentNotice message={sent} loginLabel="Back to log in" />
      ) : (
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the email address of your account and we will send you a link to choose a new password.
            </Text>
            <FormError message={formError} />
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <Button type="submit" loading={submitting} fullWidth>
              Email me a reset link
            </Button>
            <Anchor component={Link} to="/login" size="sm">
              Back to log in
            </Anchor>
          </Stack>
        </form>
      )}
    </CenteredCard>
  );
}
