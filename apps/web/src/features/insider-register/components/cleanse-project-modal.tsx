import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CLEANSING_REASON_LABELS, CLEANSING_REASONS, cleanseInsiderProjectBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useCleanseProject, type InsiderProject } from '../api/insider-register';

interface Values extends Record<string, unknown> {
  reason: string;
  note: string;
}

const send = (v: Values) => ({ reason: v.reason, ...(v.note.trim() ? { note: v.note.trim() } : {}) });

/** Cleansing a project: its information is public or the project abandoned; every current insider ceases now and is told. */
export function CleanseProjectModal({ project, onClose }: { project: InsiderProject | null; onClose: () => void }) {
  const form = useForm<Values>({ initialValues: { reason: '', note: '' }, validate: validateWith(cleanseInsiderProjectBody, send) });
  const cleanse = useCleanseProject();
  const { submit, submitting, formError } = useSubmit(async (v: Values) => {
    await cleanse.mutateAsync({ id: project!.id, body: send(v) as { reason: 'made_public' | 'abandoned' } });
    form.reset();
    onClose();
  }, form);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={project !== null}
      onClose={onClose}
      title={project ? `Cleanse ${project.name}` : ''}
      size="lg"
    >
      {project && (
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack>
            <Text size="sm">
              {project.current_insiders === 1
                ? 'The one current insider ceases to be an insider now'
                : `All ${project.current_insiders} current insiders cease to be insiders now`}
              , and each is told by notification and e-mail. The register keeps their entries; this cannot be undone.
            </Text>
            <Select
              label="Why"
              placeholder="Choose"
              data={CLEANSING_REASONS.map((r) => ({ value: r, label: CLEANSING_REASON_LABELS[r] }))}
              allowDeselect={false}
              {...form.getInputProps('reason')}
            />
            <Textarea label="Note" placeholder="e.g. announced on 3 March via RNS" autosize minRows={2} {...form.getInputProps('note')} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Keep it open
              </Button>
              <Button type="submit" color="red.9" loading={submitting}>
                Cleanse project
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
