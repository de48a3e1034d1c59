import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordHint } from '../../account-security';
import { currentUserQuery } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { resetPassword, setPasswordFromInvitation } from '../api/use-auth';
import { landingPath } from '../landing';

/**
 * One page for both links that end in choosing a password: the reset link (then log in) and the
 * invitation link (signed in straight away).
 */
export function ChoosePasswordPage({ mode }: { mode: 'reset' | 'invite' }) {
  usePageTitle(mode === 'reset' ? 'Choose a new password' : 'Set your password');
  const { token } = useParams({ strict: false }) as { token: string };
  const { email = '' } = useSearch({ strict: false }) as { email?: string };
  const navigate = useNavigate();
  const client = useQueryClient();
  const { flags } = useBranding();
  const form = useForm({ initialValues: { email, password: '', password_confirmation: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: typeof form.values) => {
    if (mode === 'reset') {
      await resetPassword({ ...values, token });
      await navigate({ to: '/login', search: { reset: '1' } });
    } else {
      const { data: user } = await setPasswordFromInvitation({ ...values, token });
      client.setQueryData(currentUserQuery.queryKey, user);
      await navigate({ to: landingPath(user, flags) });
    }
  }, form);

  return (
    <CenteredCard title={mode === 'reset' ? 'Choose a new password' : 'Welcome — set your password'}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput
            label="New password"
            description={<PasswordHint />}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            {mode === 'reset' ? 'Change password' : 'Set password'}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
