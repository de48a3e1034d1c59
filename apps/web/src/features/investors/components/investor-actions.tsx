import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Popover, Stack, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconFileZip,
  IconFileTypePdf,
  IconMail,
  IconPencil,
  IconRefresh,
  IconReportAnalytics,
  IconTrash,
} from '@tabler/icons-react';
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
    body: 'The investor and their notes, tasks, documents, attribute values and compliance history are removed for good. This cannot be undone. Records are kept five years after the relationship ends (the account closed and the last holding realised), so only an investor closed longer ago can be removed; investors with investments cannot be removed this way.',
    confirm: 'Delete permanently',
    colour: 'red',
  },
};

/**
 * The investor's evidence pack (decision 0033): the PDF of their compliance records, or a zip of it
 * with the files of their record. Plain downloads, so the browser saves the file as it arrives.
 */
function EvidencePackMenu({ investorId }: { investorId: number }) {
  const [opened, setOpened] = useState(false);
  const href = (format: 'pdf' | 'zip') => `/api/users/${investorId}/evidence-pack?format=${format}`;
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button
          onClick={() => setOpened((o) => !o)}
          variant="default"
          leftSection={<IconReportAnalytics size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Evidence pack
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" maw={240}>
            The investor's compliance records for a regulator, times in UTC.
          </Text>
          <Button
            component="a"
            href={href('pdf')}
            download
            onClick={close}
            variant="light"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            Download PDF
          </Button>
          <Button
            component="a"
            href={href('zip')}
            download
            onClick={close}
            variant="light"
            leftSection={<IconFileZip size={16} aria-hidden />}
          >
            Download PDF and files (zip)
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

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
  const mayPack = can(user?.role_id, 'investors', 'show') && can(user?.role_id, 'insider_register', 'index');
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
      <Group gap="xs" justify="flex-end">
        {mayPack && <EvidencePackMenu investorId={investor.id} />}
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
