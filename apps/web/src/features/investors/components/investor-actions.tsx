import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconMail, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { FormError } from '../../../ui/form-error';
import {
  deleteInvestor,
  deleteInvestorForGood,
  resetAppropriateness,
  sendInvitation,
  useInvestorAction,
  type Investor,
} from '../api/use-investors';

type Dialog = 'reset' | 'invite' | 'delete' | 'delete_unsafe';

const TEXTS: Record<Dialog, { title: string; body: string; confirm: string; colour?: string }> = {
  reset: {
    title: 'Reset the appropriateness test?',
    body: 'Their tries and result are cleared, so they take the test again before investing. Earlier attempts stay on record.',
    confirm: 'Reset the test',
  },
  invite: {
    title: 'Send an invitation?',
    body: 'An email with a link to choose a password (valid 7 days) is sent. Any earlier link stops working.',
    confirm: 'Send invitation',
  },
  delete: {
    title: 'Delete this investor?',
    body: 'The investor disappears from lists and can no longer sign in. Their record, investments and documents are kept.',
    confirm: 'Delete investor',
    colour: 'red',
  },
  delete_unsafe: {
    title: 'Delete this investor permanently?',
    body: 'The investor and their notes, tasks, documents, attribute values and compliance history are removed for good. This cannot be undone. Investors holding investments cannot be removed this way.',
    confirm: 'Delete permanently',
    colour: 'red',
  },
};

const message = (error: unknown) => (error instanceof ApiError ? error.message : error ? 'That did not work. Please try again.' : null);

/** The investor page's actions, each offered only to roles the permission table allows, each confirmed. */
export function InvestorActions({ investor }: { investor: Investor }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const action = useInvestorAction(async (kind: Dialog) => {
    if (kind === 'reset') await resetAppropriateness(investor.id);
    if (kind === 'invite') await sendInvitation(investor.id);
    if (kind === 'delete') await deleteInvestor(investor.id);
    if (kind === 'delete_unsafe') await deleteInvestorForGood(investor.id);
    return kind;
  });
  const may = (a: 'update' | 'delete' | 'delete_unsafe') => can(user?.role_id, 'investors', a);
  const confirm = () =>
    action.mutate(dialog!, {
      onSuccess: (kind) => {
        setDialog(null);
        if (kind === 'delete' || kind === 'delete_unsafe') void navigate({ to: '/admin/investors' });
        else setDone(kind === 'reset' ? 'The appropriateness test was reset.' : `An invitation was sent to ${investor.email}.`);
      },
    });
  const open = (kind: Dialog) => {
    action.reset();
    setDone(null);
    setDialog(kind);
  };
  const text = dialog ? TEXTS[dialog] : null;
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {may('update') && (
          <Button
            component={Link}
            to={`/admin/investors/${investor.id}/edit`}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            Edit
          </Button>
        )}
        {(may('update') || may('delete') || may('delete_unsafe')) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
                More actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {may('update') && (
                <Menu.Item leftSection={<IconMail size={16} aria-hidden />} onClick={() => open('invite')}>
                  Send invitation
                </Menu.Item>
              )}
              {may('update') && (
                <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => open('reset')}>
                  Reset appropriateness test
                </Menu.Item>
              )}
              {may('delete') && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => open('delete')}>
                  Delete
                </Menu.Item>
              )}
              {may('delete_unsafe') && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => open('delete_unsafe')}>
                  Delete permanently
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {done && (
        <Alert color="teal" variant="light" py={6} role="status">
          {done}
        </Alert>
      )}
      {text && (
        <Modal opened onClose={() => setDialog(null)} title={text.title} centered>
          <Stack>
            <Text size="sm">{text.body}</Text>
            <Text size="sm" fw={600}>
              {investor.name} · {investor.email}
            </Text>
            <FormError message={message(action.error)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button color={text.colour} loading={action.isPending} onClick={confirm}>
                {text.confirm}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
