import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlus, IconTimeline, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { can, createPipelineBody, renamePipelineBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { createPipeline, deletePipeline, renamePipeline, usePipelineAction, usePipelines, type Pipeline } from '../api/pipelines';
import { NameModal } from './name-modal';
import { EmptyState } from '../../../ui/empty-state';
import { SimpleTable } from '../../../ui/simple-table';

function DeletePipeline({ pipeline, onClose }: { pipeline: Pipeline; onClose: () => void }) {
  const remove = usePipelineAction(() => deletePipeline(pipeline.id));
  const deals = pipeline.stages.reduce((n, s) => n + s.deals_count, 0);
  const error =
    remove.error instanceof ApiError
      ? ((typeof remove.error.errors === 'object' ? Object.values(remove.error.errors).flat()[0] : null) ?? remove.error.message)
      : remove.error
        ? 'The pipeline was not deleted.'
        : null;
  return (
    <Modal opened onClose={onClose} title={`Delete ${pipeline.name}?`} centered>
      <Stack>
        {deals > 0 ? (
          <Alert color="orange" variant="light">
            This pipeline holds {deals} {deals === 1 ? 'deal' : 'deals'}. Move or delete them before deleting it.
          </Alert>
        ) : (
          <Text size="sm">The pipeline and its {pipeline.stages.length} stages will be removed.</Text>
        )}
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            disabled={deals > 0}
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
          >
            Delete pipeline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /admin/settings/account/pipelines: the pipelines deals move through (spec §2.2 Settings). */
export function PipelinesPage() {
  usePageTitle('Pipelines');
  const { terms } = useBranding();
  const user = useCurrentUser();
  const pipelines = usePipelines();
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'rename' | 'delete'; pipeline: Pipeline } | null>(null);
  const create = usePipelineAction(createPipeline);
  const rename = usePipelineAction(({ id, name }: { id: number; name: string }) => renamePipeline(id, name));
  const may = (action: 'create' | 'update' | 'delete') => can(user?.role_id, 'settings_pipelines', action);

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Pipelines
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            The boards of {terms.dealOpportunities.toLowerCase()}: each pipeline has its own stages.
          </Text>
        </div>
        {may('create') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
            New pipeline
          </Button>
        )}
      </Group>
      {pipelines.error && <Alert color="red">The pipelines could not be loaded. Reload the page to try again.</Alert>}
      {!pipelines.data && !pipelines.error && <Skeleton h={220} radius="md" />}
      {pipelines.data && pipelines.data.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <EmptyState icon={IconTimeline} title="No pipelines yet">
            Create a pipeline to start tracking {terms.dealOpportunities.toLowerCase()}.
          </EmptyState>
        </Paper>
      )}
      {pipelines.data && pipelines.data.length > 0 && (
        <Paper withBorder radius="md">
          <SimpleTable
            verticalSpacing="sm"
            horizontalSpacing="md"
            striped
            caption="Pipelines"
            bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
            rows={pipelines.data}
            rowKey={(pipeline) => pipeline.id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                render: (pipeline) => (
                  <Text
                    component={Link}
                    to={`/admin/settings/account/pipelines/${pipeline.id}/stages`}
                    fw={600}
                    size="sm"
                    c="brand.8"
                    style={{ textDecoration: 'none' }}
                  >
                    {pipeline.name}
                  </Text>
                ),
              },
              {
                key: 'stages',
                label: 'Stages',
                render: (pipeline) =>
                  pipeline.stages.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No stages yet
                    </Text>
                  ) : (
                    <Group gap={6}>
                      {pipeline.stages.map((s) => (
                        <Badge key={s.id} variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                          {s.name}
                        </Badge>
                      ))}
                    </Group>
                  ),
              },
              {
                key: 'deals',
                label: terms.dealOpportunities,
                align: 'right',
                render: (pipeline) => pipeline.stages.reduce((n, s) => n + s.deals_count, 0),
              },
              {
                key: 'actions',
                label: 'Actions',
                hideLabel: true,
                width: 160,
                render: (pipeline) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Stages">
                      <ActionIcon
                        component={Link}
                        to={`/admin/settings/account/pipelines/${pipeline.id}/stages`}
                        variant="subtle"
                        aria-label={`Stages of ${pipeline.name}`}
                      >
                        <IconListDetails size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {may('update') && (
                      <Tooltip label="Rename">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Rename ${pipeline.name}`}
                          onClick={() => setDialog({ kind: 'rename', pipeline })}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {may('delete') && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${pipeline.name}`}
                          onClick={() => setDialog({ kind: 'delete', pipeline })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        </Paper>
      )}
      {dialog?.kind === 'create' && (
        <NameModal
          title="New pipeline"
          label="Name"
          submitLabel="Create pipeline"
          schema={createPipelineBody}
          withStages
          onClose={() => setDialog(null)}
          onSave={(v) => create.mutateAsync(v)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameModal
          title={`Rename ${dialog.pipeline.name}`}
          label="Name"
          initial={dialog.pipeline.name}
          submitLabel="Save"
          schema={renamePipelineBody}
          onClose={() => setDialog(null)}
          onSave={({ name }) => rename.mutateAsync({ id: dialog.pipeline.id, name })}
        />
      )}
      {dialog?.kind === 'delete' && <DeletePipeline pipeline={dialog.pipeline} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
