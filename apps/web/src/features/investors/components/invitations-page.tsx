import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailOff, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { bulkDeleteInvitations, type Invitation, useInvestorAction, useInvitations } from '../api/use-investors';
import { BackLink } from '../../../ui/back-link';
import { formatCount, formatDate } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

/** /admin/investors/invitations: set-password links not used yet; several can be deleted at once. */
export function InvitationsPage() {
  usePageTitle('Invitations');
  const { terms } = useBranding();
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const list = useInvitations(page);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const remove = useInvestorAction(bulkDeleteInvitations);
  const mayDelete = can(user?.role_id, 'investors', 'update');
  const rows = list.data?.data ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Stack gap="lg" maw={1000}>
      <BackLink to="/admin/investors">{terms.investors}</BackLink>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Invitations
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Investors invited to choose a password who have not done so yet. Deleting an invitation stops its link working; the investor
            stays.
          </Text>
        </div>
        {mayDelete && (
          <Button
            color="red"
            variant="light"
            disabled={!selected.length}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            Delete selected ({selected.length})
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md">
        {rows.length === 0 ? (
          <Stack align="center" gap={4} p="xl">
            <IconMailOff size={32} stroke={1.5} aria-hidden />
            <Text fw={600}>{list.isLoading ? 'Loading invitations…' : 'No pending invitations'}</Text>
          </Stack>
        ) : (
          <SimpleTable
            verticalSpacing="sm"
            horizontalSpacing="md"
            striped
            caption="Pending invitations"
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              ...(mayDelete
                ? [
                    {
                      key: 'select',
                      label: 'Select',
                      width: 40,
                      header: (
                        <Checkbox
                          aria-label="Select every invitation on this page"
                          checked={allOnPage}
                          onChange={() => setSelected(allOnPage ? [] : rows.map((r) => r.id))}
                        />
                      ),
                      render: (r: Invitation) => (
                        <Checkbox
                          aria-label={`Select the invitation of ${r.user.name}`}
                          checked={selected.includes(r.id)}
                          onChange={() => toggle(r.id)}
                        />
                      ),
                    },
                  ]
                : []),
              {
                key: 'investor',
                label: 'Investor',
                render: (r) => (
                  <Text
                    component={Link}
                    to={`/admin/investors/${r.user.id}/details`}
                    size="sm"
                    fw={600}
                    c="brand.8"
                    style={{ textDecoration: 'none' }}
                  >
                    {r.user.name}
                  </Text>
                ),
              },
              { key: 'email', label: 'Email', render: (r) => <Text size="sm">{r.user.email}</Text> },
              { key: 'sent', label: 'Sent', render: (r) => <Text size="sm">{formatDate(r.sent_at)}</Text> },
              {
                key: 'link',
                label: 'Link',
                render: (r) =>
                  r.expired ? (
                    <Badge color="gray" variant="light">
                      Expired
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      Valid until {formatDate(r.expires_at)}
                    </Badge>
                  ),
              },
            ]}
          />
        )}
      </Paper>
      {list.data && list.data.meta.last_page > 1 && (
        <Group>
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="xs" variant="default" disabled={page >= list.data.meta.last_page} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Group>
      )}
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} title={`Delete ${formatCount(selected.length, 'invitation')}?`} centered>
          <Stack>
            <Text size="sm">Their links stop working. You can send a new invitation from the investor's page at any time.</Text>
            <FormError
              message={
                remove.error instanceof ApiError
                  ? ((typeof remove.error.errors === 'object' ? remove.error.errors.ids?.[0] : null) ?? remove.error.message)
                  : null
              }
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(selected, {
                    onSuccess: () => {
                      setSelected([]);
                      setConfirming(false);
                    },
                  })
                }
              >
                Delete invitations
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
