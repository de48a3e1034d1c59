import { useState } from 'react';
import { Badge, Button, Code, Group, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { currentPasswordBody, twoFactorCodeBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { SectionCard } from '../../../ui/section-card';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/account-security';
import { RecoveryCodesList } from './recovery-codes';

/**
 * Two-factor sign-in for the signed-in person: enrol with an authenticator app (QR code or the key
 * typed in, then a first code), see how many recovery codes are left, make new ones, turn it off.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <SectionCard title="Two-factor sign-in">
      <Stack gap="md">
        {status.isPending && <Text c="dimmed">Loading…</Text>}
        {status.data && (
          <Group gap="xs">
            <Text size="sm">Status:</Text>
            <Badge color={status.data.enabled ? 'teal' : 'gray'} variant="light">
              {status.data.enabled ? 'On' : 'Off'}
            </Badge>
            {status.data.required && (
              <Badge color="blue" variant="light">
                Required for staff
              </Badge>
            )}
          </Group>
        )}
        {codes && codes.length > 0 && <RecoveryCodesList codes={codes} />}
        {status.data && !status.data.enabled && (
          <Enrolment
            onEnabled={(fresh) => {
              setCodes(fresh);
              onEnabled?.();
            }}
          />
        )}
        {status.data?.enabled && (
          <Manage recoveryCodesLeft={status.data.recovery_codes_left} required={status.data.required} onNewCodes={setCodes} />
        )}
      </Stack>
    </SectionCard>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const form = useForm({ initialValues: { code: '' }, validate: validateWith(twoFactorCodeBody, (values) => values) });
  const { submit, submitting, formError } = useSubmit(async (values: { code: string }) => {
    const { recovery_codes: codes } = await enable.mutateAsync(values);
    onEnabled(codes);
  }, form);

  if (!start.data)
    return (
      <Stack gap="sm">
        <Text size="sm">
          Protect your account with a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) as
          well as your password.
        </Text>
        {start.error && <FormError message={start.error.message} />}
        <Button w="fit-content" loading={start.isPending} onClick={() => start.mutate()}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
        <Image src={start.data.qr_code} alt="QR code to add this account to an authenticator app" w={200} h={200} />
        <Text size="sm">
          Or type in this key: <Code data-testid="totp-secret">{start.data.secret}</Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <TextInput
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maw={220}
          required
          {...form.getInputProps('code')}
        />
        <FormError message={formError} />
        <Button type="submit" w="fit-content" loading={submitting}>
          Turn on
        </Button>
      </Stack>
    </form>
  );
}

type PasswordAction = 'codes' | 'off';

function Manage({
  recoveryCodesLeft,
  required,
  onNewCodes,
}: {
  recoveryCodesLeft: number;
  required: boolean;
  onNewCodes: (codes: string[] | null) => void;
}) {
  const [action, setAction] = useState<PasswordAction | null>(null);
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const form = useForm({ initialValues: { current_password: '' }, validate: validateWith(currentPasswordBody, (values) => values) });
  const { submit, submitting, formError } = useSubmit(async (values: { current_password: string }) => {
    if (action === 'codes') onNewCodes((await newCodes.mutateAsync(values)).recovery_codes);
    else {
      await disable.mutateAsync(values);
      onNewCodes(null);
    }
    setAction(null);
    form.reset();
  }, form);
  return (
    <Stack gap="sm">
      <Text size="sm">
        You sign in with your password and a code from your app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>.
      </Text>
      {action ? (
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="Current password"
              description={
                action === 'codes' ? 'New codes replace the old ones.' : 'Your account will be protected by your password alone.'
              }
              autoComplete="current-password"
              maw={360}
              required
              {...form.getInputProps('current_password')}
            />
            <FormError message={formError} />
            <Group gap="sm">
              <Button type="submit" loading={submitting} color={action === 'off' ? 'red' : undefined}>
                {action === 'codes' ? 'Make new recovery codes' : 'Turn off two-factor sign-in'}
              </Button>
              <Button variant="default" onClick={() => setAction(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="sm">
          <Button variant="default" onClick={() => setAction('codes')}>
            New recovery codes
          </Button>
          {!required && (
            <Button variant="default" color="red" onClick={() => setAction('off')}>
              Turn off
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
