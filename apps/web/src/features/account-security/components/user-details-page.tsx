import { Alert, Avatar, Button, Checkbox, FileInput, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearch } from '@tanstack/react-router';
import { accountDetailsBody, emailChangeBody, type EmailChangeInput } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { type CurrentUser, useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SectionCard } from '../../../ui/section-card';
import { useRequestEmailChange, useSaveAccountDetails } from '../api/account-security';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';
import { StaffNotificationSettingsCard } from '../../notifications';

/** /admin/settings/security/details (User Details): a member of staff's own name, picture, e-mail, password, two-factor sign-in and sessions. */
export function UserDetailsPage() {
  usePageTitle('User Details');
  const user = useCurrentUser();
  const search = useSearch({ strict: false }) as { email_changed?: string };
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz={26}>
        User Details
      </Title>
      {search.email_changed && (
        <Alert color="teal" variant="light" role="status">
          Your email address is changed. Use it to sign in from now on.
        </Alert>
      )}
      {user && <DetailsCard user={user} />}
      {user && <EmailCard user={user} />}
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <StaffNotificationSettingsCard />
    </Stack>
  );
}

type DetailsValues = { name: string; avatar: File | null; remove_avatar: boolean };

function DetailsCard({ user }: { user: CurrentUser }) {
  const save = useSaveAccountDetails();
  const form = useForm<DetailsValues>({
    initialValues: { name: user.name, avatar: null, remove_avatar: false },
    validate: validateWith(accountDetailsBody, (values: DetailsValues) => ({ name: values.name })),
  });
  const { submit, submitting, formError } = useSubmit(async (values: DetailsValues) => {
    const body = new FormData();
    body.append('_method', 'PATCH');
    body.append('name', values.name);
    if (values.avatar) body.append('avatar', values.avatar);
    else if (values.remove_avatar) body.append('remove_avatar', '1');
    await save.mutateAsync(body);
    form.setValues({ avatar: null, remove_avatar: false });
  }, form);
  return (
    <SectionCard title="Your details">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md" maw={480}>
          {save.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              Your details are saved.
            </Alert>
          )}
          <Group gap="md">
            <Avatar src={user.avatar} name={user.name} color="brand" radius="xl" size={56} alt="" />
            <Text size="sm" c="dimmed">
              Your picture appears beside your name in the back office.
            </Text>
          </Group>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <FileInput
            label="Picture"
            description="PNG, JPEG or WebP, up to 2 MB."
            accept="image/png,image/jpeg,image/webp"
            clearable
            {...form.getInputProps('avatar')}
          />
          {user.avatar && <Checkbox label="Remove my picture" {...form.getInputProps('remove_avatar', { type: 'checkbox' })} />}
          <FormError message={formError} />
          <Button type="submit" loading={submitting} w="fit-content">
            Save details
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function EmailCard({ user }: { user: CurrentUser }) {
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeInput>({
    initialValues: { email: '', current_password: '' },
    validate: validateWith(emailChangeBody, (values: EmailChangeInput) => values),
  });
  const { submit, submitting, formError } = useSubmit(async (values: EmailChangeInput) => {
    await request.mutateAsync(values);
    form.reset();
  }, form);
  return (
    <SectionCard title="Email address">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md" maw={480}>
          <Text size="sm">
            You sign in as <strong>{user.email}</strong>. A new address changes only when you follow the link we send to it.
          </Text>
          {request.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {request.data.message}
            </Alert>
          )}
          <TextInput label="New email address" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Your password" autoComplete="current-password" required {...form.getInputProps('current_password')} />
          <FormError message={formError} />
          <Button type="submit" loading={submitting} w="fit-content">
            Send confirmation link
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
