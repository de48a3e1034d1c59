import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useLogin } from '../api/use-auth';
import { landingPath } from '../landing';

export function LoginPage() {
  usePageTitle('Log in');
  const { flags } = useBranding();
  const search = useSearch({ strict: false }) as { redirect?: string; verified?: string; reset?: string };
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: typeof form.values) => {
    const user = await login.mutateAsync(values);
    await navigate({ to: landingPath(user, flags, search.redirect) });
  }, form);

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
