import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowBackUp,
  IconArrowDown,
  IconArrowUp,
  IconFileText,
  IconPencil,
  IconPlus,
  IconUpload,
} from '@tabler/icons-react';
import { INVESTOR_CATEGORIES, INVESTOR_CATEGORY_DETAILS, MODAL_WIDTH, type SignUpDocument } from '@platform/domain';
import { formatDate } from '../../../app/format';
import { useSubmit } from '../../../app/use-submit';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import { InvestorSettingsLayout } from '../../investor-settings';
import {
  type SignUpDocumentForm,
  useArchiveSignUpDocument,
  useReorderSignUpDocuments,
  useSaveSignUpDocument,
  useSignUpDocuments,
} from '../api/sign-up-documents';

const CATEGORY_OPTIONS = INVESTOR_CATEGORIES.map((value) => ({ value, label: INVESTOR_CATEGORY_DETAILS[value].label }));
const audienceText = (audience: SignUpDocument['audience']) =>
  audience.length ? audience.map((c) => INVESTOR_CATEGORY_DETAILS[c].label).join(', ') : 'Every investor';

/** Adds a document, or edits one: a new file on edit becomes the next version, which investors accept again. */
function DocumentForm({ document, onDone }: { document: SignUpDocument | null; onDone: () => void }) {
  const save = useSaveSignUpDocument();
  const form = useForm<SignUpDocumentForm>({
    initialValues: {
      title: document?.title ?? '',
      description: document?.description ?? '',
      requires_acceptance: document?.requires_acceptance ?? true,
      audience: document?.audience ?? [],
      file: null,
    },
  });
  const { submit, submitting, formError } = useSubmit(async (values: SignUpDocumentForm) => {
    await save.mutateAsync({ id: document?.id, values });
    notifications.show({
      color: 'teal',
      message: document
        ? values.file
          ? `${values.title} is now version ${document.version + 1}: investors accept it again.`
          : `${values.title} saved.`
        : `${values.title} added: investors are asked for it now.`,
    });
    onDone();
  }, form);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="md">
        <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          description="Shown to investors above the document."
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <FileInput
          label={document ? 'Replace the file' : 'PDF file'}
          description={
            document
              ? `Version ${document.version} now. A new file becomes version ${document.version + 1}, and every investor accepts it again.`
              : 'Investors read it in the portal.'
          }
          placeholder="Choose a PDF"
          accept="application/pdf,.pdf"
          required={!document}
          clearable
          leftSection={<IconUpload size={16} aria-hidden />}
          {...form.getInputProps('file')}
        />
        <Checkbox
          label="Investors must accept this document"
          description="Otherwise they are asked only to read it, and it does not hold up their account."
          {...form.getInputProps('requires_acceptance', { type: 'checkbox' })}
        />
        <MultiSelect
          label="Who must read it"
          description="Leave empty for every investor, or choose the investor categories it is for."
          placeholder={form.values.audience.length ? undefined : 'Every investor'}
          data={CATEGORY_OPTIONS}
          clearable
          {...form.getInputProps('audience')}
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {document ? 'Save' : 'Add document'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Documents({ documents }: { documents: SignUpDocument[] }) {
  const [editing, setEditing] = useState<SignUpDocument | 'new' | null>(null);
  const archive = useArchiveSignUpDocument();
  const reorder = useReorderSignUpDocuments();
  const live = documents.filter((d) => !d.archived_at);
  const archived = documents.filter((d) => d.archived_at);
  const move = (index: number, by: -1 | 1) => {
    const ids = live.map((d) => d.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    reorder.mutate(ids);
  };
  const setArchived = (document: SignUpDocument, value: boolean) =>
    archive.mutate(
      { id: document.id, archived: value },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: value ? `${document.title} archived: investors are no longer asked for it.` : `${document.title} restored.`,
          }),
      },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {live.length === 0 ? 'No document is asked of investors.' : `${live.length} asked of investors, in this order.`}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Add document
        </Button>
      </Group>
      {(archive.error || reorder.error) && <Alert color="red">{(archive.error ?? reorder.error)?.message}</Alert>}
      <Paper withBorder radius="md">
        <SimpleTable<SignUpDocument>
          caption="Sign-up documents asked of investors"
          minWidth={760}
          rows={live}
          rowKey={(d) => d.id}
          empty={
            <Paper p="xl">
              <EmptyState icon={IconFileText} title="No sign-up documents">
                Add the agreements and notices every new investor must read, and accept where you ask them to.
              </EmptyState>
            </Paper>
          }
          columns={[
            {
              key: 'order',
              label: 'Order',
              width: 80,
              render: (d) => {
                const index = live.indexOf(d);
                return (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Move ${d.title} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${d.title} down`}
                      disabled={index === live.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              },
            },
            {
              key: 'title',
              label: 'Document',
              render: (d) => (
                <Stack gap={2}>
                  <Anchor href={d.download_url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
                    {d.title}
                  </Anchor>
                  {d.description && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {d.description}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              key: 'acceptance',
              label: 'Asks for',
              render: (d) => <Text size="sm">{d.requires_acceptance ? 'Acceptance' : 'Reading'}</Text>,
            },
            { key: 'audience', label: 'Who', render: (d) => <Text size="sm">{audienceText(d.audience)}</Text> },
            {
              key: 'version',
              label: 'Version',
              render: (d) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  v{d.version} · {formatDate(d.versions.at(-1)?.created_at)}
                </Text>
              ),
            },
            {
              key: 'accepted',
              label: 'Accepted by',
              align: 'right',
              render: (d) => (
                <Text size="sm">
                  {d.acceptances_of_current_version} {d.acceptances_of_current_version === 1 ? 'investor' : 'investors'}
                </Text>
              ),
            },
            {
              key: 'actions',
              label: 'Actions',
              hideLabel: true,
              align: 'right',
              render: (d) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${d.title}`} onClick={() => setEditing(d)}>
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Archive ${d.title}`} onClick={() => setArchived(d, true)}>
                    <IconArchive size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      {archived.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="md">
            Archived
          </Title>
          <Paper withBorder radius="md">
            <SimpleTable<SignUpDocument>
              caption="Archived sign-up documents"
              minWidth={560}
              rows={archived}
              rowKey={(d) => d.id}
              columns={[
                {
                  key: 'title',
                  label: 'Document',
                  render: (d) => (
                    <Anchor href={d.download_url} target="_blank" rel="noopener noreferrer" size="sm">
                      {d.title}
                    </Anchor>
                  ),
                },
                { key: 'version', label: 'Last version', render: (d) => `v${d.version}` },
                { key: 'archived', label: 'Archived', render: (d) => formatDate(d.archived_at) },
                {
                  key: 'actions',
                  label: 'Actions',
                  hideLabel: true,
                  align: 'right',
                  render: (d) => (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      onClick={() => setArchived(d, false)}
                      aria-label={`Restore ${d.title}`}
                    >
                      Restore
                    </Button>
                  ),
                },
              ]}
            />
          </Paper>
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size={MODAL_WIDTH.confirmation}
        title={editing === 'new' ? 'Add a sign-up document' : `Edit ${editing?.title ?? ''}`}
      >
        {editing !== null && (
          <DocumentForm
            key={editing === 'new' ? 'new' : editing.id}
            document={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** /admin/settings/investor/sign-up-documents: what every new investor reads, and accepts where asked, during onboarding. */
export function SignUpDocumentsPage() {
  const documents = useSignUpDocuments();
  return (
    <InvestorSettingsLayout
      title="Sign-up documents"
      intro="Documents investors read when they join, and accept where you ask them to. Replacing a file raises its version, and investors accept it again before they continue."
    >
      {() =>
        documents.error ? (
          <Alert color="red">The sign-up documents could not be loaded. Reload the page to try again.</Alert>
        ) : documents.data ? (
          <Documents documents={documents.data} />
        ) : (
          <Text size="sm" c="dimmed">
            Loading sign-up documents…
          </Text>
        )
      }
    </InvestorSettingsLayout>
  );
}
