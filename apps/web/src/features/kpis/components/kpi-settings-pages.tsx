import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import {
  can,
  createKpiBody,
  KPI_FREQUENCIES,
  KPI_FREQUENCY_LABELS,
  KPI_UNIT_LABELS,
  KPI_UNITS,
  kpiCategoryBody,
  type KpiFrequency,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { type ListSearch, useListPage } from '../../../app/use-list-page';
import { useSubmit } from '../../../app/use-submit';
import { type Column, DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { RowActions } from '../../../ui/row-actions';
import { SimpleTable } from '../../../ui/simple-table';
import {
  deleteCategory,
  deleteKpi,
  type Kpi,
  type KpiCategory,
  type KpiFormValues,
  kpiBody,
  saveCategory,
  saveKpi,
  useKpiAction,
  useKpiCategories,
  useKpiList,
} from '../api/kpis';

const failed = (fallback: string) => (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : fallback });

function CategoryModal({ category, onClose }: { category: KpiCategory | null; onClose: () => void }) {
  const form = useForm({
    initialValues: { name: category?.name ?? '' },
    validate: validateWith(kpiCategoryBody, (v: { name: string }) => v),
  });
  const save = useKpiAction((v: { name: string }) => saveCategory(category?.id ?? null, v.name));
  const { submit, submitting, formError } = useSubmit(async (v: { name: string }) => {
    await save.mutateAsync(v);
    onClose();
  }, form);
  return (
    <Modal opened onClose={onClose} title={category ? 'Rename category' : 'New KPI category'} centered>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Save category
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/settings/kpi-category: the categories KPIs are grouped in. */
export function KpiCategoriesPage() {
  usePageTitle('KPI Categories');
  const user = useCurrentUser();
  const categories = useKpiCategories();
  const remove = useKpiAction((id: number) => deleteCategory(id));
  const [editing, setEditing] = useState<KpiCategory | null | 'new'>(null);
  const mayUpdate = can(user?.role_id, 'kpis', 'update');
  const mayDelete = can(user?.role_id, 'kpis', 'delete');
  return (
    <ListPage
      title="KPI Categories"
      actions={
        can(user?.role_id, 'kpis', 'create') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New category
          </Button>
        )
      }
    >
      <Paper withBorder radius="md" p="md">
        <SimpleTable
          caption="KPI categories"
          rows={categories.data ?? []}
          rowKey={(c) => c.id}
          verticalSpacing="xs"
          empty={
            <EmptyState icon={IconChartBar} title="No categories yet">
              Group KPIs as Financial, Operational, Impact…
            </EmptyState>
          }
          columns={[
            { key: 'name', label: 'Name', render: (c) => c.name },
            { key: 'kpis', label: 'KPIs', align: 'right', render: (c) => c.kpi_count },
            {
              key: 'actions',
              label: 'Actions',
              hideLabel: true,
              width: 100,
              render: (c) => (
                <RowActions
                  name={c.name}
                  editVerb="Rename"
                  onEdit={mayUpdate ? () => setEditing(c) : undefined}
                  onDelete={mayDelete ? () => remove.mutate(c.id, { onError: failed('The category was not deleted.') }) : undefined}
                />
              ),
            },
          ]}
        />
      </Paper>
      {editing && <CategoryModal category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}

function KpiModal({ kpi, onClose }: { kpi: Kpi | null; onClose: () => void }) {
  const categories = useKpiCategories();
  const form = useForm<KpiFormValues>({
    initialValues: {
      name: kpi?.name ?? '',
      category_id: kpi ? String(kpi.category.id) : '',
      unit: kpi?.unit ?? 'number',
      frequency: kpi?.frequency ?? 'quarterly',
      investor_visible: kpi?.investor_visible ?? false,
    },
    validate: validateWith(createKpiBody, kpiBody),
  });
  const save = useKpiAction((v: KpiFormValues) => saveKpi(kpi?.id ?? null, v));
  const { submit, submitting, formError } = useSubmit(async (v: KpiFormValues) => {
    await save.mutateAsync(v);
    onClose();
  }, form);
  return (
    <Modal opened onClose={onClose} title={kpi ? `Edit ${kpi.name}` : 'New KPI'} centered>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
          <Select
            label="Category"
            placeholder="Choose a category"
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.getInputProps('category_id')}
          />
          <Group grow>
            <Select
              label="Unit"
              data={KPI_UNITS.map((u) => ({ value: u, label: KPI_UNIT_LABELS[u] }))}
              allowDeselect={false}
              {...form.getInputProps('unit')}
            />
            <Select
              label="Frequency"
              data={KPI_FREQUENCIES.map((f) => ({ value: f, label: KPI_FREQUENCY_LABELS[f] }))}
              allowDeselect={false}
              {...form.getInputProps('frequency')}
            />
          </Group>
          <Checkbox label="Investors may see it on their holdings" {...form.getInputProps('investor_visible', { type: 'checkbox' })} />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Save KPI
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface KpiSettingsSearch extends ListSearch {
  category?: string;
  frequency?: KpiFrequency;
}

/** /admin/settings/kpis: the KPI definitions — name, category, unit, frequency, investor visibility. */
export function KpiSettingsPage() {
  usePageTitle('KPIs');
  const { terms } = useBranding();
  const user = useCurrentUser();
  const categories = useKpiCategories();
  const listPage = useListPage<KpiSettingsSearch>({
    path: '/admin/settings/kpis',
    defaultSort: 'name',
    filters: (search, text) => ({ search: text, category_id: search.category, frequency: search.frequency }),
  });
  const list = useKpiList(listPage.params);
  const remove = useKpiAction((id: number) => deleteKpi(id));
  const [editing, setEditing] = useState<Kpi | null | 'new'>(null);
  const mayUpdate = can(user?.role_id, 'kpis', 'update');
  const mayDelete = can(user?.role_id, 'kpis', 'delete');
  const columns: Column<Kpi>[] = [
    { key: 'name', label: 'Name', sort: 'name', render: (k) => k.name },
    { key: 'category', label: 'Category', render: (k) => k.category.name },
    { key: 'unit', label: 'Unit', render: (k) => KPI_UNIT_LABELS[k.unit] },
    { key: 'frequency', label: 'Frequency', render: (k) => KPI_FREQUENCY_LABELS[k.frequency] },
    {
      key: 'visible',
      label: terms.investors,
      render: (k) =>
        k.investor_visible ? (
          <Badge variant="light">Visible</Badge>
        ) : (
          <Badge variant="light" color="gray">
            Staff only
          </Badge>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      width: 100,
      render: (k) => (
        <RowActions
          name={k.name}
          onEdit={mayUpdate ? () => setEditing(k) : undefined}
          onDelete={mayDelete ? () => remove.mutate(k.id, { onError: failed('The KPI was not deleted.') }) : undefined}
        />
      ),
    },
  ];
  return (
    <ListPage
      title="KPIs"
      actions={
        can(user?.role_id, 'kpis', 'create') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New KPI
          </Button>
        )
      }
      filters={
        <>
          <SearchFilter placeholder="KPI name" {...listPage.searchBox} />
          <SelectFilter
            label="Category"
            placeholder="Every category"
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={listPage.search.category}
            onChange={(category) => listPage.update({ category })}
          />
          <SelectFilter
            label="Frequency"
            placeholder="Any"
            data={KPI_FREQUENCIES.map((f) => ({ value: f, label: KPI_FREQUENCY_LABELS[f] }))}
            value={listPage.search.frequency}
            onChange={(frequency) => listPage.update({ frequency: frequency as KpiFrequency | undefined })}
            w={150}
          />
        </>
      }
    >
      <DataTable
        caption={`KPIs, page ${listPage.page}`}
        columns={columns}
        rowKey={(k) => k.id}
        empty={
          <EmptyState icon={IconChartBar} title="No KPIs yet">
            Define what the portfolio companies report: revenue, margin, headcount…
          </EmptyState>
        }
        {...listPage.table(list)}
      />
      {editing && <KpiModal kpi={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
