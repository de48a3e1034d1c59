import { Button, Group, Modal, MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createLibraryFolderBody,
  MODAL_WIDTH,
  UPDATE_REPORT_AUDIENCE_LABELS,
  UPDATE_REPORT_AUDIENCES,
  type UpdateReportAudience,
  updateLibraryFolderBody,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { subjectIds, useAudienceSubjects, useClientGroupOptions } from '../../update-reports';
import { type LibraryFolder, useLibraryFolderWrite } from '../api/library';

interface FolderValues extends Record<string, unknown> {
  name: string;
  audience: UpdateReportAudience;
  /** 'company:12' or 'fund:3': whose holders see the folder. */
  subject: string | null;
  client_group_ids: string[];
}

const folderBody = (values: FolderValues) => ({
  name: values.name,
  audience: values.audience,
  ...(values.audience === 'holders' ? subjectIds(values.subject) : { opportunity_id: null, fund_id: null }),
  client_group_ids: values.audience === 'groups' ? values.client_group_ids.map(Number) : [],
});

function FolderForm({ folder, onDone }: { folder: LibraryFolder | null; onDone: (saved: LibraryFolder) => void }) {
  const subjects = useAudienceSubjects();
  const groups = useClientGroupOptions();
  const write = useLibraryFolderWrite();
  const form = useForm<FolderValues>({
    initialValues: {
      name: folder?.name ?? '',
      audience: folder?.audience ?? 'all',
      subject: folder?.subject ? `${folder.subject.type}:${folder.subject.id}` : null,
      client_group_ids: folder?.client_groups.map((g) => String(g.id)) ?? [],
    },
    validate: validateWith(folder ? updateLibraryFolderBody : createLibraryFolderBody, folderBody),
  });
  const { submit, submitting, formError } = useSubmit(async (values: FolderValues) => {
    const { data } = await write.mutateAsync({ id: folder?.id, method: folder ? 'PATCH' : 'POST', body: folderBody(values) });
    onDone(data);
  }, form);
  const audience = form.getValues().audience;
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Radio.Group label="Who sees it" {...form.getInputProps('audience')}>
          <Stack gap="xs" mt="xs">
            {UPDATE_REPORT_AUDIENCES.map((value) => (
              <Radio key={value} value={value} label={UPDATE_REPORT_AUDIENCE_LABELS[value]} />
            ))}
          </Stack>
        </Radio.Group>
        {audience === 'holders' && (
          <Select
            label="Company or fund"
            required
            searchable
            data={subjects}
            nothingFoundMessage="No company or fund matches"
            {...form.getInputProps('subject')}
            error={form.errors.subject ?? form.errors.opportunity_id ?? form.errors.fund_id ?? form.errors.audience}
          />
        )}
        {audience === 'groups' && (
          <MultiSelect
            label="Client groups"
            required
            placeholder="Choose groups"
            searchable
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: `${g.name} (${g.member_count})` }))}
            {...form.getInputProps('client_group_ids')}
          />
        )}
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {folder ? 'Save folder' : 'Create folder'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creating a folder (`folder` 'new') or changing one's name and audience. */
export function FolderModal({
  folder,
  onClose,
  onSaved,
}: {
  folder: LibraryFolder | 'new' | null;
  onClose: () => void;
  onSaved: (saved: LibraryFolder) => void;
}) {
  return (
    <Modal
      opened={folder !== null}
      onClose={onClose}
      title={folder === 'new' ? 'New folder' : 'Edit folder'}
      size={MODAL_WIDTH.confirmation}
    >
      {folder !== null && (
        <FolderForm
          folder={folder === 'new' ? null : folder}
          onDone={(saved) => {
            onSaved(saved);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
