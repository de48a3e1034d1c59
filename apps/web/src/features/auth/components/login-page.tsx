import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useLogin, useLoginSecondStep } from '../api/use-auth';
import type { CurrentUser } from '../../../app/session';
import { landingPath } from '../landing';

export function LoginPage() {
  usePageTitle('Log in');
  const { flags } = useBranding();
  const search = useSearch({ strict: false }) as { redirect?: string; verified?: string; reset?: string };
  const navigate = useNavigate();
  const login = useLogin();
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm({ initialValues: { email: '', password: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: typeof form.values) => {
    const answer = await login.mutateAsync(values);
    if ('two_factor_required' in answer) setSecondStep(true);
    else await navigate({ to: landingPath(answer, flags, search.redirect) });
  }, form);

  if (secondStep)
    return (
      <SecondStep onBack={() => setSecondStep(false)} onSignedIn={(user) => navigate({ to: landingPath(user, flags, search.redirect) })} />
    );

  return (
    <CenteredCard title="Log in to your account">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          {search.verified && <Text c="teal.8">Your email address is verified. Log in to continue.</Text>}
          {search.reset && <Text c="teal.8">Your password has been changed. Log in with the new one.</Text>}
          <FormError message={formError} />
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={submitting} fullWidth>
            Log in
          </Button>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredCard>
  );
}

type CodeValues = { code: string; recovery_code: string };

/** After a right password, for an account with two-factor sign-in: the code from the app, or a recovery code. */
function SecondStep({ onBack, onSignedIn }: { onBack: () => void; onSignedIn: (user: CurrentUser) => Promise<unknown> }) {
  const [recovery, setRecovery] = useState(false);
  const step = useLoginSecondStep();
  const form = useForm<CodeValues>({ initialValues: { code: '', recovery_code: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: CodeValues) => {
    const user = await step.mutateAsync(recovery ? { recovery_code: values.recovery_code } : { code: values.code });
    await onSignedIn(user);
  }, form);
  return (
    <CenteredCard title="Two-factor sign-in">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {recovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
              : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
          </Text>
          <FormError message={formError} />
          {recovery ? (
            <TextInput
              key="recovery"
              label="Recovery code"
              autoComplete="off"
              required
              data-autofocus
              {...form.getInputProps('recovery_code')}
            />
          ) : (
            <TextInput
              key="code"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              data-autofocus
              {...form.getInputProps('code')}
            />
          )}
          <Button type="submit" loading={submitting} fullWidth>
            Verify and log in
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setRecovery(!recovery)}>
              {recovery ? 'Use a code from the app' : 'Use a recovery code'}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              Back
            </Anchor>
          </Group>
        </Stack>
      </form>
    </CenteredCard>
  );
}
