import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type OpportunityInvitation as Invitation, OpportunityStatus } from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { InvestorPicker } from '../../../ui/investor-picker';
import type { StaffOpportunity } from '../api/opportunities';
import { formatDate } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

/** Who may see a Live - Internal opportunity; inviting notifies them once it is Live - Internal. */
export function InvitationsPanel({ opportunity, canWrite }: { opportunity: StaffOpportunity; canWrite: boolean }) {
  const client = useQueryClient();
  const key = ['investment-opportunities', 'invitations', opportunity.id];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api<{ data: Invitation[] }>(`/api/investment-opportunities/${opportunity.id}/invitations`).then((r) => r.data),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const invite = async () => {
    if (!picked) return;
    try {
      await api(`/api/investment-opportunities/${opportunity.id}/invitations`, { method: 'POST', body: { user_ids: [Number(picked)] } });
      setPicked(null);
      setError(undefined);
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError && typeof e.errors === 'object' ? (e.errors.user_ids?.[0] ?? e.message) : 'Something went wrong.');
    }
  };
  const remove = async (row: Invitation) => {
    await api(`/api/investment-opportunities/${opportunity.id}/invitations/${row.user_id}`, { method: 'DELETE' });
    notifications.show({ message: `${row.name} is no longer invited.` });
    await refresh();
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb={4}>
        Invited investors
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {opportunity.status === OpportunityStatus.LiveInternal
          ? 'Only these investors see this opportunity. New invitees are notified straight away.'
          : 'When the opportunity is Live - Internal, only these investors see it, and they are notified.'}
      </Text>
      {canWrite && (
        <Group align="flex-end" mb="md">
          <InvestorPicker label="Invite an investor" value={picked} onChange={setPicked} error={error} />
          <Button onClick={() => void invite()} disabled={!picked}>
            Invite
          </Button>
        </Group>
      )}
      <SimpleTable
        verticalSpacing="xs"
        rows={list.data ?? []}
        rowKey={(row) => row.user_id}
        empty={
          <Stack>
            <Text size="sm" c="dimmed">
              {list.isLoading ? 'Loading invitations…' : 'Nobody is invited yet.'}
            </Text>
          </Stack>
        }
        columns={[
          {
            key: 'investor',
            label: 'Investor',
            render: (row) => (
              <>
                <Text size="sm" fw={600}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </>
            ),
          },
          { key: 'invited', label: 'Invited', render: (row) => formatDate(row.invited_at) },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  label: 'Actions',
                  render: (row: Invitation) => (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => void remove(row)}
                      aria-label={`Remove the invitation of ${row.name}`}
                    >
                      Remove
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Paper>
  );
}
