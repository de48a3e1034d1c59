import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { resendVerification } from '../api/use-auth';

/** The investor portal opens only with a verified e-mail (spec §2.4); until then, this page. */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const user = useCurrentUser();
  const { invalid } = useSearch({ strict: false }) as { invalid?: string };
  const [message, setMessage] = useState<string | null>(null);
  const { submit, submitting, formError } = useSubmit(async () => setMessage((await resendVerification()).message));

  return (
    <CenteredCard title="Verify your email address">
      <Stack gap="md">
        {invalid && (
          <Alert color="orange" role="alert">
            That verification link is invalid or has expired. Send yourself a new one below.
          </Alert>
        )}
        <Text>
          We sent a verification link to <strong>{user?.email ?? 'your email address'}</strong>. Follow it to open your investor portal.
        </Text>
        {message && (
          <Alert color="teal" role="status">
            {message}
          </Alert>
        )}
        <FormError message={formError} />
        {user ? (
          <Button onClick={() => void submit({})} loading={submitting}>
            Resend verification email
          </Button>
        ) : (
          <Anchor href="/login">Log in to resend the link</Anchor>
        )}
        <Anchor href="/api/logout" size="sm">
          Log out
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
