import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress as ProgressBar,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportMapping,
  type ImportRowError,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { ImportRefused, inspectFile, previewFile, runImport, type Inspection, type Preview, type Progress } from '../api/imports';
import { formatNumber } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

const describe = (error: unknown) =>
  error instanceof ApiError
    ? ((typeof error.errors === 'object' ? Object.values(error.errors)[0]?.[0] : undefined) ?? error.message)
    : 'Something went wrong. Try again.';

function RowErrors({ errors, kind }: { errors: ImportRowError[]; kind: ImportKind }) {
  const label = (key: string) => IMPORT_FIELDS[kind].find((f) => f.key === key)?.label ?? key;
  const rows = new Set(errors.map((e) => e.row)).size;
  return (
    <Stack gap="sm">
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        role="alert"
        title={`${rows} ${rows === 1 ? 'row needs' : 'rows need'} correcting`}
      >
        Nothing is imported until every row is right. Correct the file in your spreadsheet and choose it again.
      </Alert>
      <Paper withBorder radius="md" style={{ maxHeight: 360, overflow: 'auto' }}>
        <SimpleTable
          striped
          verticalSpacing="xs"
          aria-label="Rows to correct"
          rows={errors.slice(0, 500)}
          rowKey={(_, index) => index}
          columns={[
            { key: 'row', label: 'Row', render: (error) => error.row },
            { key: 'field', label: 'Field', render: (error) => label(error.field) },
            { key: 'problem', label: 'Problem', render: (error) => error.message },
          ]}
        />
      </Paper>
      {errors.length > 500 && (
        <Text size="sm" c="dimmed">
          The first 500 of {errors.length} problems are shown.
        </Text>
      )}
    </Stack>
  );
}

/** /admin/reports/kpis/import: KPI values across the portfolio, through the same flow (decision 0026). */
export function KpiValuesImportPage() {
  return <ImportPage kind="kpi-values" />;
}

/**
 * /admin/investors/import?kind=contacts|investors, or one fixed kind: upload → column mapping →
 * preview → import.
 */
export function ImportPage({ kind: fixed }: { kind?: ImportKind } = {}) {
  const { terms } = useBranding();
  const search = useSearch({ strict: false }) as { kind?: ImportKind };
  const kind: ImportKind = fixed ?? search.kind ?? 'contacts';
  const navigate = useNavigate();
  const label = kind === 'kpi-values' ? 'KPI values' : kind === 'contacts' ? terms.contacts : terms.investors;
  usePageTitle(`Import ${label.toLowerCase()}`);
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<Inspection | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[] | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [invite, setInvite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setInspection(null);
    setPreview(null);
    setRowErrors(null);
    setProgress(null);
    setError(null);
  };
  const step = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof ImportRefused) setRowErrors(e.rowErrors);
      else setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  const choose = (next: File | null) => {
    setFile(next);
    reset();
    if (next)
      void step(async () => {
        const found = await inspectFile(kind, next);
        setInspection(found);
        setMapping(found.mapping);
      });
  };
  const check = () =>
    void step(async () => {
      setRowErrors(null);
      const result = await previewFile(kind, file!, mapping);
      setPreview(result);
      setRowErrors(result.errors.length ? result.errors : null);
    });
  const start = () =>
    void step(async () => {
      await runImport(kind, file!, mapping, { sendInvitations: invite }, setProgress);
    });

  const fieldOptions = [{ value: '', label: 'Ignore this column' }, ...IMPORT_FIELDS[kind].map((f) => ({ value: f.key, label: f.label }))];
  const done = progress?.phase === 'done' ? progress : null;
  const percent =
    progress?.phase === 'importing'
      ? Math.round((progress.done / progress.total) * 100)
      : done
        ? 100
        : progress?.phase === 'checked'
          ? 2
          : 0;
  const listPath = kind === 'kpi-values' ? '/admin/reports/kpis' : kind === 'contacts' ? '/admin/investors/contacts' : '/admin/investors';

  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Import {label.toLowerCase()}
          </Title>
          <Text size="sm" c="dimmed">
            From a .csv or .xlsx file whose first row names the columns; up to {formatNumber(IMPORT_MAX_ROWS)} rows and{' '}
            {IMPORT_MAX_BYTES / 1024 / 1024} MB.{' '}
            {kind === 'kpi-values'
              ? 'One row per company, KPI and period (2026-Q1, 2026-03 or 2026, as the KPI is reported); a value already recorded for that period is replaced.'
              : 'Dates may be written 31/01/1980.'}
          </Text>
        </div>
        {!fixed && (
          <SegmentedControl
            aria-label="What to import"
            value={kind}
            onChange={(value) => {
              setFile(null);
              reset();
              void navigate({ to: '/admin/investors/import', search: { kind: value as ImportKind }, replace: true });
            }}
            data={[
              { value: 'contacts', label: terms.contacts },
              { value: 'investors', label: terms.investors },
            ]}
          />
        )}
      </Group>
      <Paper withBorder radius="md" p="lg">
        <FileInput
          label="Spreadsheet"
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={choose}
          leftSection={<IconUpload size={16} aria-hidden />}
          clearable
          w={420}
          disabled={busy && !inspection}
        />
      </Paper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {inspection && !done && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb={4}>
            Columns
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {inspection.rows} rows found. Check which field each column fills; columns left on “Ignore” are not imported.
          </Text>
          <SimpleTable
            verticalSpacing="xs"
            aria-label="Column mapping"
            rows={inspection.headers.map((header, index) => ({ header, index }))}
            rowKey={(column) => column.index}
            columns={[
              {
                key: 'header',
                label: 'Column in the file',
                render: ({ header, index }) => (
                  <Text size="sm" fw={600}>
                    {header || `Column ${index + 1}`}
                  </Text>
                ),
              },
              {
                key: 'sample',
                label: 'First value',
                render: ({ index }) => (
                  <Text size="sm" c="dimmed">
                    {inspection.sample[0]?.[index] || '—'}
                  </Text>
                ),
              },
              {
                key: 'field',
                label: 'Imported as',
                render: ({ header, index }) => (
                  <Select
                    aria-label={`Field for column ${header || index + 1}`}
                    data={fieldOptions}
                    value={mapping[String(index)] ?? ''}
                    allowDeselect={false}
                    onChange={(value) => {
                      const next = { ...mapping };
                      if (value) next[String(index)] = value;
                      else delete next[String(index)];
                      setMapping(next);
                      setPreview(null);
                      setRowErrors(null);
                    }}
                    w={260}
                  />
                ),
              },
            ]}
          />
          <Group mt="md">
            <Button onClick={check} loading={busy && !progress} variant={preview && !rowErrors ? 'default' : 'filled'}>
              Check the rows
            </Button>
          </Group>
        </Paper>
      )}
      {rowErrors && !done && <RowErrors errors={rowErrors} kind={kind} />}
      {preview && !rowErrors && !done && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />}>
              All {preview.total} rows are ready to import.
              {preview.updates
                ? ` ${preview.updates} ${preview.updates === 1 ? 'replaces a value' : 'replace values'} already recorded for the same company, KPI and period.`
                : ''}
            </Alert>
            {kind === 'investors' && (
              <Checkbox
                label="E-mail each new investor an invitation to choose a password"
                checked={invite}
                onChange={(e) => setInvite(e.currentTarget.checked)}
              />
            )}
            {progress && (
              <div>
                <ProgressBar value={percent} aria-label="Import progress" animated />
                <Text size="sm" c="dimmed" mt={4} aria-live="polite">
                  {progress.phase === 'importing'
                    ? `${progress.done} of ${progress.total} rows written…`
                    : progress.phase === 'failed'
                      ? progress.message
                      : 'Starting…'}
                </Text>
              </div>
            )}
            <Group>
              <Button onClick={start} loading={busy}>
                Import {preview.total} rows
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {done && (
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title="Import complete" role="status">
          {done.imported} {label.toLowerCase()} imported{done.invitations ? `, ${done.invitations} invitations sent` : ''}
          {done.updated ? ` (${done.updated} replaced values already recorded)` : ''}.{' '}
          <Anchor component={Link} to={listPath}>
            Go to {label.toLowerCase()}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
