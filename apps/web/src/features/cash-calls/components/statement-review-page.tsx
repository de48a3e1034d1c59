import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { BANK_STATEMENT_FORMAT_LABELS, type BankStatementDetail } from '@platform/domain';
import { api } from '../../../app/api-client';
import { BackLink } from '../../../ui/back-link';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { TableSkeleton } from '../../../ui/skeletons';
import { StatementLinesTable } from './statement-lines';

/** /admin/cash-calls/statements/$id: a statement's credits, what each matched, and the decisions left to staff. */
export function StatementReviewPage() {
  const { id } = useParams({ from: '/admin/cash-calls/statements/$id' });
  const [error, setError] = useState<string | null>(null);
  const statement = useQuery({
    queryKey: ['cash-calls', 'statements', id],
    queryFn: () => api<{ data: BankStatementDetail }>(`/api/bank-statements/${id}`).then((r) => r.data),
  });
  const s = statement.data;
  usePageTitle(s ? `Statement ${s.filename}` : 'Bank statement');
  return (
    <Stack>
      <BackLink to="/admin/cash-calls/statements">Bank statements</BackLink>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {s ? `Statement ${s.filename}` : 'Bank statement'}
      </Title>
      {s && (
        <Text c="dimmed">
          {BANK_STATEMENT_FORMAT_LABELS[s.format]}
          {s.account ? `, account ${s.account}` : ''}: {s.lines.matched} matched, {s.lines.suggested} suggested, {s.lines.unmatched}{' '}
          unmatched, {s.lines.ignored} ignored. Skipped: already imported {s.duplicates_skipped}, payments out {s.debits_skipped}.
        </Text>
      )}
      <FormError message={statement.isError ? 'This statement could not be loaded.' : error} />
      {statement.isPending ? (
        <TableSkeleton />
      ) : (
        <Paper withBorder>
          <StatementLinesTable
            caption="Statement lines"
            lines={s?.statement_lines ?? []}
            onError={setError}
            empty={
              <EmptyState icon={IconListCheck} title="No new credits on this statement">
                Every credit on it was imported before, or it held only payments out.
              </EmptyState>
            }
          />
        </Paper>
      )}
    </Stack>
  );
}
