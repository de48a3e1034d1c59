import { useState } from 'react';
import { Button, FileInput, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  type BankStatementDetail,
  CURRENCIES,
  guessStatementColumns,
  STATEMENT_CSV_FIELD_LABELS,
  STATEMENT_CSV_FIELDS,
  type StatementCsvField,
} from '@platform/domain';
import { api, ApiError, newIdempotencyKey } from '../../../app/api-client';
import { FormError } from '../../../ui/form-error';

/** The cells of a CSV's first line, split on the separator it uses most. */
function headerCells(line: string): string[] {
  const bare = line.replace(/"[^"]*"/g, '');
  const separator = [';', '\t'].reduce((best, d) => (bare.split(d).length > bare.split(best).length ? d : best), ',');
  return line.split(separator).map((cell) => cell.trim().replace(/^"|"$/g, ''));
}

type Columns = Partial<Record<StatementCsvField, string>>;

/**
 * Uploading a statement: the file (CSV, OFX or CAMT.053) and, for a CSV, the currency of its
 * amounts and which column holds each field — guessed from its header row, for staff to correct.
 */
export function StatementUpload() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [columns, setColumns] = useState<Columns>({});
  const [currency, setCurrency] = useState('GBP');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const isCsv = !!file && /\.(csv|txt)$/i.test(file.name);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    setKey(newIdempotencyKey());
    if (!chosen || !/\.(csv|txt)$/i.test(chosen.name)) return setHeaders([]);
    const first = (await chosen.slice(0, 4096).text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    const cells = headerCells(first);
    setHeaders(cells);
    const guess = guessStatementColumns(cells);
    setColumns(Object.fromEntries(Object.entries(guess).map(([field, index]) => [field, String(index)])));
  };

  const submit = async () => {
    if (!file) return setError('Choose a bank statement file.');
    const form = new FormData();
    if (isCsv) {
      form.append('currency', currency);
      form.append('mapping', JSON.stringify(Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined && v !== ''))));
    }
    form.append('file', file);
    setBusy(true);
    try {
      const { data } = await api<{ data: BankStatementDetail }>('/api/bank-statements', {
        method: 'POST',
        body: form,
        idempotencyKey: key,
        timeoutMs: 60_000,
      });
      await queryClient.invalidateQueries({ queryKey: ['cash-calls'] });
      await navigate({ to: '/admin/cash-calls/statements/$id', params: { id: String(data.id) } });
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.errors : undefined;
      setError(errors ? Object.values(errors).flat().join(' ') : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const options = headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` }));
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Title order={2} size="h3">
            Upload a statement
          </Title>
          <Text size="sm" c="dimmed">
            CSV, OFX or CAMT.053 (ISO 20022 XML), up to 5 MB. Credits quoting a cash call's payment reference are paid at once; others are
            offered for you to confirm.
          </Text>
          <Group align="end">
            <FileInput
              label="Statement file"
              placeholder="Choose a .csv, .ofx or .xml file"
              accept=".csv,.txt,.ofx,.qfx,.xml,text/csv,application/xml"
              value={file}
              onChange={(f) => void choose(f)}
              leftSection={<IconUpload size={16} aria-hidden />}
              clearable
              w={{ base: '100%', sm: 360 }}
            />
            {isCsv && (
              <Select
                label="Currency"
                data={[...CURRENCIES]}
                value={currency}
                onChange={(v) => setCurrency(v ?? 'GBP')}
                allowDeselect={false}
                w={120}
              />
            )}
          </Group>
          {isCsv && headers.length > 0 && (
            <Group align="end" aria-label="Columns of the CSV file">
              {STATEMENT_CSV_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={`${STATEMENT_CSV_FIELD_LABELS[field]} column`}
                  placeholder="Not in the file"
                  data={options}
                  value={columns[field] ?? null}
                  onChange={(v) => setColumns((c) => ({ ...c, [field]: v ?? undefined }))}
                  clearable={field === 'reference' || field === 'payer_name'}
                  required={field === 'date' || field === 'amount'}
                  w={{ base: '100%', sm: 200 }}
                />
              ))}
            </Group>
          )}
          <FormError message={error} />
          <Group>
            <Button type="submit" loading={busy} disabled={!file}>
              Upload and match
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
