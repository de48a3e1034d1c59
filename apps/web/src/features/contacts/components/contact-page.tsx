import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { can, INVESTOR_INTEREST_LABELS, type InvestorInterest, type QuestionnaireForm } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { Fact } from '../../../ui/fact';
import { usePageTitle } from '../../../ui/page-title';
import { useAttributes } from '../../attributes';
import { AttributeValues } from '../../attributes';
import { ErrorPage } from '../../errors';
import { QuestionnairePanel } from '../../questionnaires';
import { ActivityPanel } from '../../records';
import { DocumentsPanel } from '../../records';
import { RecordsPanel } from '../../records';
import { convertContact, deleteContact, useContact, useContactAction, type Contact } from '../api/contacts';
import { ContactStatusBadge } from './contacts-list-page';
import { BackLink } from '../../../ui/back-link';
import { formatDateLong } from '../../../app/format';
import { RouteTabs } from '../../../ui/route-tabs';

export type ContactTab = 'details' | 'documents' | 'notes-calls-tasks' | 'category' | 'registration-form' | 'fact-find' | 'risk-profile';
const LIST = '/admin/investors/contacts';

function Details({ contact }: { contact: Contact }) {
  const attributes = useAttributes('contact');
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Fact label="E-mail" value={contact.email} />
          <Fact label="Phone" value={contact.phone} />
          <Fact label="Company" value={contact.company} />
          <Fact label="Source" value={contact.source} />
          <Fact label="Lead status" value={contact.lead_status?.name} />
          <Fact label="Owner" value={contact.owner?.name} />
          <Fact label="Interest" value={contact.interest ? INVESTOR_INTEREST_LABELS[contact.interest as InvestorInterest] : null} />
          <Fact label="Added" value={formatDateLong(contact.created_at)} />
        </SimpleGrid>
      </Paper>
      {(attributes.data?.length ?? 0) > 0 && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            Custom attributes
          </Title>
          <AttributeValues attributes={attributes.data ?? []} entries={contact.attribute_values} />
        </Paper>
      )}
      <ActivityPanel subject={{ type: 'contact', id: contact.id }} />
    </Stack>
  );
}

function ConvertButton({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  const [invite, setInvite] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const convert = useContactAction(convertContact);
  const { terms } = useBranding();
  return (
    <>
      <Button leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Convert to investor
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Convert ${contact.name} into an investor?`} centered size={600}>
        <Stack gap="md">
          <Text size="sm">
            An investor account is created for {contact.email ?? 'this contact'}. Notes, calls, tasks, documents, questionnaire answers and
            the category move to the investor; this contact stays as the record of where they came from.
          </Text>
          <Checkbox
            label="E-mail the investor an invitation to choose a password"
            checked={invite}
            onChange={(e) => setInvite(e.currentTarget.checked)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Not now
            </Button>
            <Button
              loading={convert.isPending}
              onClick={() => {
                setError(null);
                convert.mutate(
                  { id: contact.id, sendInvitation: invite },
                  {
                    onSuccess: (result) => {
                      notifications.show({
                        color: 'teal',
                        message: `${contact.name} is now one of your ${terms.investors.toLowerCase()}.`,
                      });
                      void navigate({ to: `/admin/investors/${result.investor.id}/notes-calls-tasks` });
                    },
                    onError: (e) =>
                      setError(
                        e instanceof ApiError
                          ? ((typeof e.errors === 'object' ? Object.values(e.errors)[0]?.[0] : undefined) ?? e.message)
                          : 'The contact was not converted.',
                      ),
                  },
                );
              }}
            >
              Convert
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function DeleteButton({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useContactAction(() => deleteContact(contact.id));
  return (
    <>
      <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${contact.name}?`} centered>
        <Text size="sm">The contact leaves the list. Its notes and history are kept.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: `${contact.name} was deleted.` });
                  void navigate({ to: LIST });
                },
                onError: (error) =>
                  notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'The contact was not deleted.' }),
              })
            }
          >
            Delete contact
          </Button>
        </Group>
      </Modal>
    </>
  );
}

const QUESTIONNAIRE_TABS: Partial<Record<ContactTab, QuestionnaireForm>> = {
  category: 'category',
  'registration-form': 'registration',
  'fact-find': 'fact_find',
  'risk-profile': 'risk_profile',
};

/** /admin/investors/contacts/{id}/{tab}: one lead with its tabs (spec §2.2 Contacts). */
export function ContactPage({ tab }: { tab: ContactTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const role = user?.role_id;
  const navigate = useNavigate();
  const query = useContact(id);
  const contact = query.data;
  usePageTitle(contact?.name ?? terms.contacts);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!contact)
    return (
      <Stack gap="lg">
        <Skeleton h={36} w={320} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  const base = `${LIST}/${contact.id}`;
  const canUpdate = can(role, 'investors', 'update');
  const form = QUESTIONNAIRE_TABS[tab];
  const titles: Record<ContactTab, string> = {
    details: 'Details',
    documents: 'Documents',
    'notes-calls-tasks': 'Notes, Calls and Tasks',
    category: 'Category',
    'registration-form': terms.investorRegistrationForm,
    'fact-find': 'Fact Find',
    'risk-profile': terms.investorRiskProfile,
  };
  return (
    <Stack gap="lg">
      <BackLink to={LIST}>{terms.contacts}</BackLink>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={26}>
            {contact.name}
          </Title>
          <Group gap="xs" mt={6}>
            <ContactStatusBadge status={contact.status} />
            {contact.lead_status && (
              <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                {contact.lead_status.name}
              </Badge>
            )}
          </Group>
        </div>
        <Group gap="sm">
          {!contact.converted_user_id && can(role, 'investors', 'create') && <ConvertButton contact={contact} />}
          {canUpdate && (
            <Button component={Link} to={`${base}/edit`} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Button>
          )}
          {can(role, 'investors', 'delete') && <DeleteButton contact={contact} />}
        </Group>
      </Group>
      {contact.converted_user && (
        <Alert color="indigo" icon={<IconUserCheck size={18} aria-hidden />}>
          Converted on {formatDateLong(contact.converted_at!)} into{' '}
          <Anchor component={Link} to={`/admin/investors/${contact.converted_user.id}/notes-calls-tasks`}>
            {contact.converted_user.name}
          </Anchor>
          . Its records now live on the investor.
        </Alert>
      )}
      <RouteTabs value={tab} onChange={(value) => value && void navigate({ to: `${base}/${value}` })}>
        <Tabs.List>
          {(Object.keys(titles) as ContactTab[]).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {titles[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">
            {tab === 'details' && <Details contact={contact} />}
            {tab === 'documents' && <DocumentsPanel subject={{ type: 'contact', id: contact.id }} canWrite={canUpdate} />}
            {tab === 'notes-calls-tasks' && <RecordsPanel subject={{ type: 'contact', id: contact.id }} canWrite={canUpdate} />}
            {form && (
              <QuestionnairePanel
                key={form}
                subject={{ type: 'contact', id: contact.id }}
                form={form}
                title={titles[tab]}
                canWrite={canUpdate && (form !== 'category' || can(role, 'investor_category', 'update'))}
              />
            )}
          </Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}
