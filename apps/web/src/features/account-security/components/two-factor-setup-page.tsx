import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../app/session';
import { CenteredCard } from '../../../ui/centered-card';
import { usePageTitle } from '../../../ui/page-title';
import { TwoFactorCard } from './two-factor-card';

/**
 * /two-factor-setup: staff whose sign-in must use a second factor (Password Management) and who
 * have none yet set it up here before anything else; the server refuses their other requests.
 */
export function TwoFactorSetupPage() {
  usePageTitle('Set up two-factor sign-in');
  const [done, setDone] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <CenteredCard title="Set up two-factor sign-in">
      <Stack gap="md">
        <Text size="sm">
          Your organisation asks every member of staff to sign in with a code from an authenticator app as well as a password. Set it up now
          to continue.
        </Text>
        <TwoFactorCard onEnabled={() => setDone(true)} />
        {done && (
          <Button
            onClick={async () => {
              // The cached user still has enrolment due: read it afresh, then the home route sends them on.
              await client.fetchQuery({ ...currentUserQuery, staleTime: 0 });
              await navigate({ to: '/' });
            }}
          >
            Continue
          </Button>
        )}
      </Stack>
    </CenteredCard>
  );
}
