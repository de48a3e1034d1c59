import { useState } from 'react';
import { Alert, Badge, Button, Group, Menu, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDots, IconUserPlus, IconUsers } from '@tabler/icons-react';
import {
  inviteStaffBody,
  isStaffRole,
  resetTwoFactorBody,
  ROLE_IDS,
  roleLabel,
  STAFF_STATUSES,
  type StaffAccount,
  type StaffStatus,
} from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { type ListSearch, useListPage } from '../../../app/use-list-page';
import { useSubmit } from '../../../app/use-submit';
import { type Column, DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import {
  changeStaffRole,
  deactivateStaff,
  inviteStaff,
  reactivateStaff,
  resendStaffInvitation,
  resetTwoFactor,
  useStaffAccounts,
  useStaffAction,
} from '../api/account-settings';

/** The staff roles to choose from, named in the customer's wording. */
function useRoleOptions() {
  const { terms } = useBranding();
  return ROLE_IDS.filter(isStaffRole).map((id) => ({ value: String(id), label: roleLabel(terms, id) ?? String(id) }));
}
const STATUS_LABELS: Record<StaffStatus, string> = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' };
/** The badge's fill tells the status apart; its text is dark, to read at 4.5:1 on every fill (WCAG AA). */
const STATUS_COLORS: Record<StaffStatus, string> = { invited: 'blue', active: 'teal', deactivated: 'gray' };

interface InviteValues extends Record<string, unknown> {
  name: string;
  email: string;
  role_id: string;
}
const inviteBody = (values: InviteValues) => ({ name: values.name, email: values.email, role_id: values.role_id });

function InviteForm({ onDone }: { onDone: (message: string) => void }) {
  const roleOptions = useRoleOptions();
  const form = useForm<InviteValues>({
    initialValues: { name: '', email: '', role_id: '' },
    validate: validateWith(inviteStaffBody, inviteBody),
  });
  const invite = useStaffAction(inviteStaff);
  const { submit, submitting, formError } = useSubmit(async (values: InviteValues) => {
    const { data } = await invite.mutateAsync(inviteBody(values));
    onDone(`An invitation to set a password has been sent to ${data.email}.`);
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
        <Select label="Role" required data={roleOptions} {...form.getInputProps('role_id')} />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RoleSelect({ account, onError }: { account: StaffAccount; onError: (message: string) => void }) {
  const roleOptions = useRoleOptions();
  const change = useStaffAction(changeStaffRole);
  return (
    <Select
      aria-label={`Role of ${account.name}`}
      data={roleOptions}
      value={String(account.role_id)}
      allowDeselect={false}
      disabled={account.status === 'deactivated' || change.isPending}
      w={200}
      onChange={(value) => value && change.mutate({ id: account.id, roleId: Number(value) }, { onError: (e) => onError(e.message) })}
    />
  );
}

/** The confirm dialog of a two-factor reset: what it does, and the reason, which is kept in the activity log. */
function ResetTwoFactorForm({ account, onDone }: { account: StaffAccount; onDone: (message: string) => void }) {
  const form = useForm<{ reason: string }>({ initialValues: { reason: '' }, validate: validateWith(resetTwoFactorBody, (v) => v) });
  const reset = useStaffAction(resetTwoFactor);
  const { submit, submitting, formError } = useSubmit(async (values: { reason: string }) => {
    await reset.mutateAsync({ id: account.id, reason: values.reason });
    onDone(`${account.name}'s two-factor sign-in has been reset and they have been told by e-mail.`);
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <Text size="sm">
          Their authenticator app and recovery codes stop working and they are signed out everywhere. They sign in with their password next,
          and set up two-factor sign-in again where it is required. They are told by e-mail.
        </Text>
        <Textarea
          label="Reason"
          description="Kept in the activity log, e.g. how you confirmed it was them."
          required
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" color="red" loading={submitting}>
            Reset two-factor sign-in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AccountActions({
  account,
  onResult,
  onResetTwoFactor,
}: {
  account: StaffAccount;
  onResult: (message: string, ok: boolean) => void;
  onResetTwoFactor?: () => void;
}) {
  const deactivate = useStaffAction(deactivateStaff);
  const reactivate = useStaffAction(reactivateStaff);
  const resend = useStaffAction(resendStaffInvitation);
  const failed = (e: Error) => onResult(e.message, false);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="xs" aria-label={`Actions for ${account.name}`}>
          <IconDots size={16} aria-hidden />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {account.status === 'invited' && (
          <Menu.Item onClick={() => resend.mutate(account.id, { onSuccess: (r) => onResult(r.message, true), onError: failed })}>
            Resend invitation
          </Menu.Item>
        )}
        {onResetTwoFactor && <Menu.Item onClick={onResetTwoFactor}>Reset two-factor sign-in</Menu.Item>}
        {account.status === 'deactivated' ? (
          <Menu.Item
            onClick={() =>
              reactivate.mutate(account.id, { onSuccess: () => onResult(`${account.name} can sign in again.`, true), onError: failed })
            }
          >
            Reactivate
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            onClick={() => {
              if (window.confirm(`Deactivate ${account.name}? They are signed out at once.`))
                deactivate.mutate(account.id, {
                  onSuccess: () => onResult(`${account.name} has been deactivated.`, true),
                  onError: failed,
                });
            }}
          >
            Deactivate
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

interface AccountsSearch extends ListSearch {
  role?: string;
  status?: string;
}

/** /admin/settings/account/admin-accounts (User Management): the staff who work in the back office. */
export function AdminAccountsPage() {
  usePageTitle('User Management');
  const roleOptions = useRoleOptions();
  const me = useCurrentUser();
  const [inviting, setInviting] = useState(false);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const [notice, setNotice] = useState<{ message: string; ok: boolean } | null>(null);
  const listPage = useListPage<AccountsSearch>({
    path: '/admin/settings/account/admin-accounts',
    defaultSort: 'name',
    filters: (s, text) => ({ search: text, role_id: s.role, status: s.status }),
  });
  const list = useStaffAccounts(listPage.params);
  const report = (message: string, ok: boolean) => setNotice({ message, ok });
  const columns: Column<StaffAccount>[] = [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      render: (a) => (
        <div>
          <Text fw={600} size="sm">
            {a.name}
            {a.id === me?.id && ' (you)'}
          </Text>
          <Text size="xs" c="dimmed">
            {a.email}
          </Text>
        </div>
      ),
    },
    { key: 'role', label: 'Role', sort: 'role_id', render: (a) => <RoleSelect account={a} onError={(m) => report(m, false)} /> },
    {
      key: 'status',
      label: 'Status',
      render: (a) => (
        <Badge color={STATUS_COLORS[a.status]} c="dark.7" variant="light">
          {STATUS_LABELS[a.status]}
        </Badge>
      ),
    },
    {
      key: 'last_login_at',
      label: 'Last sign-in',
      sort: 'last_login_at',
      render: (a) => <Text size="sm">{formatDateTime(a.last_login_at)}</Text>,
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      render: (a) => (
        <AccountActions
          account={a}
          onResult={report}
          onResetTwoFactor={a.two_factor_enabled && a.id !== me?.id && a.status !== 'deactivated' ? () => setResetting(a) : undefined}
        />
      ),
    },
  ];
  return (
    <>
      <ListPage
        title="User Management"
        actions={
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite staff member
          </Button>
        }
        filters={
          <>
            <SearchFilter placeholder="Name or e-mail" {...listPage.searchBox} />
            <SelectFilter
              label="Role"
              placeholder="Any role"
              data={roleOptions}
              value={listPage.search.role}
              onChange={(role) => listPage.update({ role })}
            />
            <SelectFilter
              label="Status"
              placeholder="Any status"
              data={STAFF_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              value={listPage.search.status}
              onChange={(status) => listPage.update({ status })}
            />
          </>
        }
      >
        {notice && (
          <Alert color={notice.ok ? 'green' : 'red'} withCloseButton onClose={() => setNotice(null)} role="status">
            {notice.message}
          </Alert>
        )}
        <DataTable
          caption={`Staff accounts, page ${listPage.page}`}
          columns={columns}
          rowKey={(a) => a.id}
          empty={
            <EmptyState icon={IconUsers} title="No staff accounts match">
              Invite a staff member to give them access to the back office.
            </EmptyState>
          }
          {...listPage.table(list)}
        />
      </ListPage>
      <Modal
        opened={inviting}
        onClose={() => setInviting(false)}
        title="Invite a staff member"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {inviting && (
          <InviteForm
            onDone={(message) => {
              setInviting(false);
              report(message, true);
            }}
          />
        )}
      </Modal>
      <Modal
        opened={resetting !== null}
        onClose={() => setResetting(null)}
        title={`Reset ${resetting?.name ?? ''}'s two-factor sign-in?`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {resetting && (
          <ResetTwoFactorForm
            account={resetting}
            onDone={(message) => {
              setResetting(null);
              report(message, true);
            }}
          />
        )}
      </Modal>
    </>
  );
}
