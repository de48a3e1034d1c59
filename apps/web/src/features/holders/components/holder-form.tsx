import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { z } from 'zod';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { holderFormData, saveHolder, useHolder, useHolderAction, type HolderResource } from '../api/holders';
import { BackLink } from '../../../ui/back-link';

export interface HolderField {
  /** The server's field name. */
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'textarea' | 'select';
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
  description?: string;
  /** Takes the whole row of the grid. */
  wide?: boolean;
}

interface FormProps {
  resource: HolderResource;
  fields: HolderField[];
  /** The route's body schema (create or update), so the form's rules and messages are the server's. */
  body: z.ZodType;
  record?: Record<string, unknown> & { id: number };
  /** Where a saved record opens. */
  afterSave: (id: number) => string;
  cancelTo: string;
  submitLabel: string;
}

function HolderForm({ resource, fields, body, record, afterSave, cancelTo, submitLabel }: FormProps) {
  const navigate = useNavigate();
  const form = useForm<Record<string, string | null>>({
    initialValues: Object.fromEntries(
      fields.map((f) => [
        f.name,
        record?.[f.name] == null ? (f.kind === 'select' && f.required ? (f.options?.[0]?.value ?? null) : '') : String(record[f.name]),
      ]),
    ),
    validate: validateWith(body, (values: Record<string, string | null>) => holderFormData(values, Boolean(record))),
  });
  const save = useHolderAction(resource, (values: Record<string, string | null>) => saveHolder(resource, values, record?.id));
  const { submit, submitting, formError } = useSubmit(async (values: Record<string, string | null>) => {
    const { data } = await save.mutateAsync(values);
    await navigate({ to: afterSave(data.id) });
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((f) => {
              const common = {
                label: f.label,
                required: f.required,
                placeholder: f.placeholder,
                description: f.description,
                ...form.getInputProps(f.name),
                style: f.wide ? { gridColumn: '1 / -1' } : undefined,
              };
              if (f.kind === 'select')
                return <Select key={f.name} data={f.options ?? []} allowDeselect={!f.required} clearable={!f.required} {...common} />;
              if (f.kind === 'textarea') return <Textarea key={f.name} autosize minRows={3} {...common} />;
              return <TextInput key={f.name} type={f.kind === 'email' ? 'email' : 'text'} {...common} />;
            })}
          </SimpleGrid>
        </Paper>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PageProps {
  resource: HolderResource;
  fields: HolderField[];
  /** The body schema of the page's route: creating on the new page, updating on the edit page. */
  body: z.ZodType;
  /** "organisation", "investment method", "nominee". */
  noun: string;
  listPath: string;
  listLabel: string;
  /** The tab a saved record opens on. */
  recordPath: (id: number | string) => string;
}

/** new-organisation, new-method, new-nominee. */
export function NewHolderPage({ resource, fields, body, noun, listPath, listLabel, recordPath }: PageProps) {
  usePageTitle(`New ${noun}`);
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={listPath}>{listLabel}</BackLink>
      <Title order={1} fz={26}>
        New {noun}
      </Title>
      <HolderForm
        resource={resource}
        fields={fields}
        body={body}
        afterSave={recordPath}
        cancelTo={listPath}
        submitLabel={`Create ${noun}`}
      />
    </Stack>
  );
}

/** {id}/edit of a holder. */
export function EditHolderPage({ resource, fields, body, noun, recordPath }: PageProps) {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useHolder<Record<string, unknown> & { id: number; name: string; updated_at: string }>(resource, id);
  usePageTitle(query.data ? `Edit ${query.data.name}` : `Edit ${noun}`);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={420} radius="md" />;
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={recordPath(id)}>{query.data.name}</BackLink>
      <Title order={1} fz={26}>
        Edit {query.data.name}
      </Title>
      <HolderForm
        key={query.data.updated_at}
        resource={resource}
        fields={fields}
        body={body}
        record={query.data}
        afterSave={recordPath}
        cancelTo={recordPath(id)}
        submitLabel="Save changes"
      />
    </Stack>
  );
}
