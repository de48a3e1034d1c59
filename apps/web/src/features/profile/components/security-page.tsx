import { Stack } from '@mantine/core';
import { usePageTitle } from '../../../ui/page-title';
import { ChangePasswordCard, SessionsCard, TwoFactorCard } from '../../account-security';

/** /investor/profile/security: the investor's password, their own choice of two-factor sign-in, and where they are signed in. */
export function SecurityPage() {
  usePageTitle('Security');
  return (
    <Stack gap="lg" maw={720}>
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
    </Stack>
  );
}
