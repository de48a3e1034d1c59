import { useState } from 'react';
import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconCopy, IconEye } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  allowedTransitions,
  can,
  MODAL_WIDTH,
  OPPORTUNITY_PERMISSION_EVENT,
  OPPORTUNITY_STATUS_LABELS,
  type OpportunityStatusId,
} from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { changeStatus, useOpportunityAction, type StaffOpportunity } from '../api/opportunities';

const CONSEQUENCES: Partial<Record<OpportunityStatusId, string>> = {
  1: 'Investors will no longer see it.',
  2: 'Every eligible investor will see it and can reserve an allocation.',
  3: 'Only invited investors will see it; they are notified now.',
  4: 'No new reservations; cash calls and payments carry on.',
  5: 'Paid investments complete and investors are notified; it becomes an existing investment.',
  6: 'The investment is marked as matured.',
};

function failure(error: unknown): string {
  if (error instanceof ApiError && error.errors && typeof error.errors === 'object') return Object.values(error.errors).flat().join(' ');
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The status moves the rules allow (docs/decisions/0008), each confirmed with what it will do; clone and preview. */
export function StatusActions({ opportunity }: { opportunity: StaffOpportunity }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [target, setTarget] = useState<OpportunityStatusId | null>(null);
  const move = useOpportunityAction((status: OpportunityStatusId) => changeStatus(opportunity.id, status));
  const clone = useOpportunityAction(() =>
    api<{ data: StaffOpportunity }>(`/api/investment-opportunities/${opportunity.id}/clone`, { method: 'POST' }),
  );
  const moves = allowedTransitions(opportunity.status as OpportunityStatusId).filter((s) =>
    can(user?.role_id, OPPORTUNITY_PERMISSION_EVENT(s), 'update'),
  );
  const canUpdate = can(user?.role_id, OPPORTUNITY_PERMISSION_EVENT(opportunity.status), 'update');

  const confirm = async () => {
    if (!target) return;
    try {
      const { data } = await move.mutateAsync(target);
      notifications.show({ color: 'teal', message: `${opportunity.name} is now ${OPPORTUNITY_STATUS_LABELS[target]}.` });
      setTarget(null);
      await navigate({ to: data.admin_path });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The status was not changed', message: failure(error), autoClose: 10_000 });
      setTarget(null);
    }
  };

  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={`/admin/investments/opportunities/${opportunity.id}/details/preview`}
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
      >
        Preview
      </Button>
      {can(user?.role_id, 'live_opportunities', 'create') && (
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          loading={clone.isPending}
          onClick={async () => {
            const { data } = await clone.mutateAsync(undefined);
            notifications.show({ color: 'teal', message: `Draft copy created: ${data.name}.` });
            await navigate({ to: data.admin_path });
          }}
        >
          Clone
        </Button>
      )}
      {canUpdate && moves.length > 0 && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} aria-hidden />}>Change status</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {moves.map((status) => (
              <Menu.Item key={status} onClick={() => setTarget(status)}>
                {OPPORTUNITY_STATUS_LABELS[status]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `Move to ${OPPORTUNITY_STATUS_LABELS[target]}?` : ''}
        size={MODAL_WIDTH.confirmation}
      >
        <Stack>
          <Text>{target ? CONSEQUENCES[target] : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={move.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
