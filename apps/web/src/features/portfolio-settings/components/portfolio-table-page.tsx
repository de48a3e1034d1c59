import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from '@tanstack/react-router';
import { type PortfolioColumnOption, type PortfolioTable, portfolioColumnLabel, savePortfolioColumnsBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { BackLink } from '../../../ui/back-link';
import { usePageTitle } from '../../../ui/page-title';
import { usePortfolioTable, useSaveColumns } from '../api/portfolio-settings';
import { OrderedChoice } from './ordered-choice';

interface Draft {
  options: PortfolioColumnOption[];
  labels: Partial<Record<PortfolioColumnOption, string>>;
}

const draftOf = (table: PortfolioTable): Draft => ({
  options: table.columns.map((c) => c.option),
  labels: Object.fromEntries(table.columns.map((c) => [c.option, c.label ?? ''])),
});

const bodyOf = (draft: Draft) => ({ columns: draft.options.map((option) => ({ option, label: draft.labels[option] ?? null })) });

/** Field errors of the body (`columns.2.label`) keyed by the column's option. */
function errorsByOption(draft: Draft, errors: Record<string, string[] | string>): Partial<Record<string, string>> {
  const found: Partial<Record<string, string>> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const match = /^columns\.(\d+)\./.exec(field);
    const option = match ? draft.options[Number(match[1])] : 'form';
    found[option ?? 'form'] = Array.isArray(messages) ? messages[0] : messages;
  }
  return found;
}

function ColumnsEditor({ table }: { table: PortfolioTable }) {
  const { terms } = useBranding();
  const save = useSaveColumns(table.id);
  const [draft, setDraft] = useState(() => draftOf(table));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const nameOf = (option: PortfolioColumnOption) => portfolioColumnLabel(terms, option, null);

  async function submit(columns: Draft | null) {
    setErrors({});
    if (columns) {
      const checked = savePortfolioColumnsBody.safeParse(bodyOf(columns));
      if (!checked.success) {
        const issues: Record<string, string> = {};
        for (const issue of checked.error.issues) issues[issue.path.join('.')] ??= issue.message;
        setErrors(errorsByOption(columns, issues));
        return;
      }
    }
    try {
      const saved = await save.mutateAsync(columns ? bodyOf(columns).columns : null);
      setDraft(draftOf(saved));
      notifications.show({ color: 'teal', message: `${table.name} columns saved. Investors see them now.` });
    } catch (error) {
      if (error instanceof ApiError && error.errors && typeof error.errors === 'object') setErrors(errorsByOption(draft, error.errors));
      else setErrors({ form: error instanceof Error ? error.message : 'Something went wrong submitting.' });
    }
  }

  return (
    <Stack gap="md">
      {errors.form && <Alert color="red">{errors.form}</Alert>}
      <OrderedChoice
        chosen={draft.options}
        options={table.options}
        nameOf={nameOf}
        noun="column"
        min={1}
        onChange={(options) => setDraft((d) => ({ ...d, options }))}
        extra={(option) => (
          <TextInput
            size="xs"
            label={`Heading for ${nameOf(option)}`}
            description="Leave empty to use the terminology label."
            placeholder={nameOf(option)}
            value={draft.labels[option] ?? ''}
            error={errors[option]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, labels: { ...d.labels, [option]: value } }));
            }}
            maw={360}
          />
        )}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={() => void submit(null)} disabled={save.isPending || table.is_default}>
          Reset to default columns
        </Button>
        <Button onClick={() => void submit(draft)} loading={save.isPending}>
          Save columns
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/settings/investor/portfolio/{id}: one portfolio table's columns — which, their order and headings. */
export function PortfolioTablePage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const table = usePortfolioTable(Number(id));
  usePageTitle(table.data ? `Portfolio table: ${table.data.name}` : 'Portfolio table');
  return (
    <Stack gap="lg" maw={760}>
      <BackLink to="/admin/settings/investor/portfolio">Portfolio tables</BackLink>
      <div>
        <Title order={1} fz={26}>
          {table.data?.name ?? 'Portfolio table'}
        </Title>
        {table.data && <Text c="dimmed">{table.data.description}</Text>}
      </div>
      {table.isLoading && <Skeleton h={240} radius="md" />}
      {table.error && <Alert color="red">{table.error.message}</Alert>}
      {table.data && <ColumnsEditor key={table.data.id} table={table.data} />}
    </Stack>
  );
}
