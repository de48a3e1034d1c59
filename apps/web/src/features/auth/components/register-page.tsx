import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { PasswordHint } from '../../account-security';
import { useFeature } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { registerInvestor } from '../api/use-auth';
import { SentNotice } from './sent-notice';

/** Registration; with `inviteOnRegister` on there is no password here: the e-mailed invitation asks for it. */
export function RegisterPage() {
  usePageTitle('Register');
  const invite = useFeature('inviteOnRegister');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '', email: '', password: '', password_confirmation: '' } });
  const { submit, submitting, formError } = useSubmit(async ({ name, email, ...passwords }: typeof form.values) => {
    setSent((await registerInvestor(invite ? { name, email } : { name, email, ...passwords })).message);
  }, form);

  if (sent) {
    return (
      <CenteredCard title={invite ? 'Check your email' : 'Confirm your email address'}>
        <SentNotice message={sent} loginLabel="Go to log in" />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Create your investor account">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          {!invite && (
            <>
              <PasswordInput
                label="Password"
                description={<PasswordHint />}
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                required
                {...form.getInputProps('password_confirmation')}
              />
            </>
          )}
          <Button type="submit" loading={submitting} fullWidth>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already registered?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredCard>
  );
}
