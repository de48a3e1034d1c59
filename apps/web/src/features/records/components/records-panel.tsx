import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessage, IconPhoneCall, IconChecklist } from '@tabler/icons-react';
import { CALL_DIRECTION_LABELS, type CallDirection } from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { RichText } from '../../../ui/rich-text';
import { useRecords, useRecordWrite, type CallLog, type Note, type Subject, type Task } from '../api/records';
import { formatDate, formatDateTime, toLocalIsoDate, toLocalIsoDateTime } from '../../../app/format';
import { DateField, DateTimeField } from '../../../ui/date-field';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

function Notes({ subject, canWrite }: { subject: Subject; canWrite: boolean }) {
  const list = useRecords<Note>('notes', subject);
  const write = useRecordWrite('notes', subject);
  const form = useForm({ initialValues: { body: '' } });
  const { submit, submitting, formError } = useSubmit(async (values: { body: string }) => {
    await write.mutateAsync({ body: { body: paragraphs(values.body.trim()) } });
    form.reset();
  }, form);
  return (
    <Stack gap="md">
      {canWrite && (
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack gap="xs">
            <Textarea label="New note" autosize minRows={2} {...form.getInputProps('body')} />
            <FormError message={formError} />
            <Group>
              <Button type="submit" size="xs" loading={submitting} disabled={!form.values.body.trim()}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {list.data?.length ? (
        <Timeline bulletSize={22} lineWidth={2}>
          {list.data.map((note) => (
            <Timeline.Item
              key={note.id}
              bullet={<IconMessage size={12} aria-hidden />}
              title={
                <Text size="sm" fw={600}>
                  {note.author?.name ?? 'Someone'} · {formatDateTime(note.created_at)}
                </Text>
              }
            >
              <RichText html={note.body} />
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Empty text={list.isLoading ? 'Loading notes…' : 'No notes yet.'} />
      )}
    </Stack>
  );
}

function Calls({ subject, canWrite }: { subject: Subject; canWrite: boolean }) {
  const list = useRecords<CallLog>('call-logs', subject, '-called_at');
  const write = useRecordWrite('call-logs', subject);
  const form = useForm({ initialValues: { called_at: toLocalIsoDateTime(), direction: 'outbound', duration_minutes: '', summary: '' } });
  const { submit, submitting, formError } = useSubmit(async (v: typeof form.values) => {
    await write.mutateAsync({
      body: {
        called_at: new Date(v.called_at).toISOString(),
        direction: v.direction,
        duration_minutes: v.duration_minutes,
        summary: v.summary,
      },
    });
    form.reset();
  }, form);
  return (
    <Stack gap="md">
      {canWrite && (
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <DateTimeField label="When" {...form.getInputProps('called_at')} />
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Direction
                </Text>
                <SegmentedControl
                  fullWidth
                  data={Object.entries(CALL_DIRECTION_LABELS).map(([value, label]) => ({ value, label }))}
                  {...form.getInputProps('direction')}
                />
              </div>
              <TextInput label="Minutes" inputMode="numeric" {...form.getInputProps('duration_minutes')} />
            </SimpleGrid>
            <Textarea label="What was said" autosize minRows={2} {...form.getInputProps('summary')} />
            <FormError message={formError} />
            <Group>
              <Button type="submit" size="xs" loading={submitting}>
                Log call
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {list.data?.length ? (
        <Timeline bulletSize={22} lineWidth={2}>
          {list.data.map((call) => (
            <Timeline.Item
              key={call.id}
              bullet={<IconPhoneCall size={12} aria-hidden />}
              title={
                <Text size="sm" fw={600}>
                  {CALL_DIRECTION_LABELS[call.direction as CallDirection]} call · {formatDateTime(call.called_at)}
                  {call.duration_minutes != null ? ` · ${call.duration_minutes} min` : ''}
                </Text>
              }
            >
              <Text size="sm">{call.summary}</Text>
              <Text size="xs" c="dimmed">
                Logged by {call.author?.name ?? 'someone'}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Empty text={list.isLoading ? 'Loading calls…' : 'No calls logged yet.'} />
      )}
    </Stack>
  );
}

function Tasks({ subject, canWrite }: { subject: Subject; canWrite: boolean }) {
  const list = useRecords<Task>('tasks', subject, 'due_date');
  const write = useRecordWrite('tasks', subject);
  const form = useForm({ initialValues: { title: '', due_date: '' } });
  const { submit, submitting, formError } = useSubmit(async (v: typeof form.values) => {
    await write.mutateAsync({ body: { title: v.title, due_date: v.due_date } });
    form.reset();
  }, form);
  const toggle = (task: Task) =>
    write.mutate({ path: `/${task.id}`, method: 'PATCH', body: { status: task.status === 'open' ? 'done' : 'open' } });
  return (
    <Stack gap="md">
      {canWrite && (
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="New task" style={{ gridColumn: 'span 2' }} {...form.getInputProps('title')} />
              <DateField label="Due" {...form.getInputProps('due_date')} />
            </SimpleGrid>
            <FormError message={formError} />
            <Group>
              <Button type="submit" size="xs" loading={submitting} disabled={!form.values.title.trim()}>
                Add task
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {list.data?.length ? (
        <Stack gap="xs">
          {list.data.map((task) => (
            <Group key={task.id} justify="space-between" wrap="nowrap">
              <Checkbox
                checked={task.status === 'done'}
                disabled={!canWrite}
                onChange={() => toggle(task)}
                label={
                  <Text size="sm" td={task.status === 'done' ? 'line-through' : undefined}>
                    {task.title}
                  </Text>
                }
              />
              <Group gap="xs" wrap="nowrap">
                {task.assignee && (
                  <Badge variant="light" color="gray">
                    {task.assignee.name}
                  </Badge>
                )}
                {task.due_date && (
                  <Badge variant="light" color={task.status === 'open' && task.due_date < toLocalIsoDate() ? 'red' : 'blue'}>
                    Due {formatDate(task.due_date)}
                  </Badge>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      ) : (
        <Empty text={list.isLoading ? 'Loading tasks…' : 'No tasks yet.'} />
      )}
    </Stack>
  );
}

/** The notes-calls-tasks tab of any record (spec §2.2): three columns of what staff did and plan. */
export function RecordsPanel({ subject, canWrite }: { subject: Subject; canWrite: boolean }) {
  const [view, setView] = useState<'notes' | 'calls' | 'tasks'>('notes');
  const sections = {
    notes: { title: 'Notes', icon: IconMessage },
    calls: { title: 'Calls', icon: IconPhoneCall },
    tasks: { title: 'Tasks', icon: IconChecklist },
  } as const;
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {sections[view].title}
        </Title>
        <SegmentedControl
          aria-label="Show"
          value={view}
          onChange={(v) => setView(v as typeof view)}
          data={[
            { value: 'notes', label: 'Notes' },
            { value: 'calls', label: 'Calls' },
            { value: 'tasks', label: 'Tasks' },
          ]}
        />
      </Group>
      {view === 'notes' && <Notes subject={subject} canWrite={canWrite} />}
      {view === 'calls' && <Calls subject={subject} canWrite={canWrite} />}
      {view === 'tasks' && <Tasks subject={subject} canWrite={canWrite} />}
    </Paper>
  );
}
