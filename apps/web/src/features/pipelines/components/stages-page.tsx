import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from './restrict-vertical';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useParams } from '@tanstack/react-router';
import { can, createStageBody, renameStageBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import {
  createStage,
  deleteStage,
  renameStage,
  reorderStages,
  usePipeline,
  usePipelineAction,
  type Pipeline,
  type Stage,
} from '../api/pipelines';
import { NameModal } from './name-modal';
import { BackLink } from '../../../ui/back-link';

const message = (error: unknown, fallback: string) =>
  error instanceof ApiError
    ? ((typeof error.errors === 'object' ? Object.values(error.errors).flat()[0] : error.errors) ?? error.message)
    : fallback;

interface RowProps {
  stage: Stage;
  index: number;
  count: number;
  canReorder: boolean;
  canRename: boolean;
  canDelete: boolean;
  onRename: () => void;
  onDelete: () => void;
}

function StageRow({ stage, index, count, canReorder, canRename, canDelete, onRename, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: stage.id,
    disabled: !canReorder,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      px="md"
      py="sm"
      shadow={isDragging ? 'md' : undefined}
      data-stage-row={stage.name}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {canReorder && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
              aria-roledescription="sortable stage"
              aria-label={`Reorder ${stage.name}, place ${index + 1} of ${count}`}
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
          )}
          <Text size="sm" c="dimmed" w={20} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
            {index + 1}
          </Text>
          <Text fw={600} truncate>
            {stage.name}
          </Text>
          <Badge variant="light" color={stage.deals_count ? 'brand' : 'gray'} radius="sm" style={{ textTransform: 'none', flexShrink: 0 }}>
            {stage.deals_count} {stage.deals_count === 1 ? 'deal' : 'deals'}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          {canRename && (
            <Tooltip label="Rename">
              <ActionIcon variant="subtle" aria-label={`Rename ${stage.name}`} onClick={onRename}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${stage.name}`} onClick={onDelete}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function DeleteStage({ stage, stages, onClose }: { stage: Stage; stages: Stage[]; onClose: () => void }) {
  const others = stages.filter((s) => s.id !== stage.id);
  const [target, setTarget] = useState<string | null>(others[0] ? String(others[0].id) : null);
  const remove = usePipelineAction(() => deleteStage(stage.id, stage.deals_count && target ? Number(target) : undefined));
  const blocked = stage.deals_count > 0 && !target;
  return (
    <Modal opened onClose={onClose} title={`Delete ${stage.name}?`} centered>
      <Stack>
        {stage.deals_count > 0 ? (
          others.length ? (
            <Select
              label={`Move its ${stage.deals_count} ${stage.deals_count === 1 ? 'deal' : 'deals'} to`}
              description="They go to the end of that stage, in their order."
              data={others.map((s) => ({ value: String(s.id), label: s.name }))}
              value={target}
              onChange={setTarget}
              allowDeselect={false}
            />
          ) : (
            <Alert color="orange" variant="light">
              This is the only stage and it holds deals: add another stage to move them to first.
            </Alert>
          )
        ) : (
          <Text size="sm">The stage holds no deals.</Text>
        )}
        <FormError message={remove.error ? message(remove.error, 'The stage was not deleted.') : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            disabled={blocked}
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
          >
            Delete stage
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddStage({ pipelineId }: { pipelineId: number }) {
  const form = useForm({
    initialValues: { name: '' },
    validate: validateWith(createStageBody, ({ name }: { name: string }) => ({ pipeline_id: pipelineId, name })),
  });
  const add = usePipelineAction((name: string) => createStage(pipelineId, name));
  const { submit, submitting, formError } = useSubmit(async ({ name }: { name: string }) => {
    await add.mutateAsync(name.trim());
    form.reset();
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          placeholder="New stage name"
          aria-label="New stage name"
          style={{ flex: 1, maxWidth: 360 }}
          {...form.getInputProps('name')}
        />
        <Button type="submit" variant="light" loading={submitting} leftSection={<IconPlus size={16} aria-hidden />}>
          Add stage
        </Button>
      </Group>
      <FormError message={formError} />
    </form>
  );
}

function StageList({ pipeline }: { pipeline: Pipeline }) {
  const user = useCurrentUser();
  const may = (action: 'create' | 'update' | 'delete') => can(user?.role_id, 'settings_pipelines', action);
  const [order, setOrder] = useState(pipeline.stages);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; stage: Stage } | null>(null);
  useEffect(() => setOrder(pipeline.stages), [pipeline.stages]);
  const reorder = usePipelineAction((ids: number[]) => reorderStages(pipeline.id, ids));
  const rename = usePipelineAction(({ id, name }: { id: number; name: string }) => renameStage(id, name));
  const movedSinceStart = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: unknown) => order.find((s) => s.id === id)?.name ?? 'The stage';
  const placeOf = (id: unknown) => `place ${order.findIndex((s) => s.id === id) + 1} of ${order.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) => {
      // dnd-kit reports the stage over itself as the drag starts: keep the pick-up message then.
      if (over?.id === active.id && !movedSinceStart.current) return undefined;
      movedSinceStart.current = true;
      return over ? `${nameOf(active.id)} is now at ${placeOf(over.id)}.` : `${nameOf(active.id)} is not over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped at ${placeOf(over.id)}.` : `${nameOf(active.id)} was dropped back where it was.`,
    onDragCancel: ({ active }) => `Reordering ${nameOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const before = order;
    const next = arrayMove(
      order,
      order.findIndex((s) => s.id === active.id),
      order.findIndex((s) => s.id === over.id),
    );
    setOrder(next);
    reorder.mutate(
      next.map((s) => s.id),
      {
        onError: (error) => {
          setOrder(before);
          notifications.show({
            color: 'red',
            title: 'The stages were not reordered',
            message: `${message(error, 'The server could not be reached.')} They are back in their previous order.`,
          });
        },
      },
    );
  }

  return (
    <Stack gap="md">
      {order.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={4}>
            <Text fw={600}>No stages yet</Text>
            <Text size="sm" c="dimmed">
              Add the first stage below: deals start in the first stage of their pipeline.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[restrictToVerticalAxis]}
          onDragStart={() => {
            movedSinceStart.current = false;
          }}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To reorder a stage, focus its handle and press Space or Enter. Use the up and down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.',
            },
          }}
        >
          <SortableContext items={order.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Stages in order">
              {order.map((stage, index) => (
                <li key={stage.id}>
                  <StageRow
                    stage={stage}
                    index={index}
                    count={order.length}
                    canReorder={may('update') && order.length > 1}
                    canRename={may('update')}
                    canDelete={may('delete')}
                    onRename={() => setDialog({ kind: 'rename', stage })}
                    onDelete={() => setDialog({ kind: 'delete', stage })}
                  />
                </li>
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {may('create') && <AddStage pipelineId={pipeline.id} />}
      {dialog?.kind === 'rename' && (
        <NameModal
          title={`Rename ${dialog.stage.name}`}
          label="Name"
          initial={dialog.stage.name}
          submitLabel="Save"
          schema={renameStageBody}
          onClose={() => setDialog(null)}
          onSave={({ name }) => rename.mutateAsync({ id: dialog.stage.id, name })}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteStage stage={dialog.stage} stages={order} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** /admin/settings/account/pipelines/{id}/stages: add, rename, reorder (drag or keyboard) and delete stages. */
export function StagesPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = usePipeline(Number(id));
  usePageTitle(query.data ? `${query.data.name}: stages` : 'Stages');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  return (
    <Stack gap="lg" maw={760}>
      <BackLink to="/admin/settings/account/pipelines">Pipelines</BackLink>
      {!query.data ? (
        <Skeleton h={300} radius="md" />
      ) : (
        <>
          <div>
            <Title order={1} fz={26}>
              {query.data.name}: stages
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Deals move through these stages from top to bottom; the board shows them left to right. Drag a stage by its handle, or focus
              the handle and use Space and the arrow keys.
            </Text>
          </div>
          <StageList pipeline={query.data} />
        </>
      )}
    </Stack>
  );
}
