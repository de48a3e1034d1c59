import { useState } from 'react';
import {
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  NativeSelect,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import {
  SCREENING_LIST_KINDS,
  SCREENING_LIST_LABELS,
  SCREENING_MATCH_STATUS_LABELS,
  type ScreeningDecision,
  type ScreeningListKind,
  type ScreeningMatchStatus,
} from '@platform/domain';
import { EMPTY, formatDate, formatDateTime, formatNumber } from '../../../app/format';
import { useSubmit } from '../../../app/use-submit';
import { EmptyState } from '../../../ui/empty-state';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SectionCard } from '../../../ui/section-card';
import { SimpleTable } from '../../../ui/simple-table';
import {
  type ScreeningList,
  type ScreeningMatch,
  useDecideScreeningMatch,
  useScreeningLists,
  useScreeningMatches,
  useScreeningRuns,
  useUploadScreeningList,
} from '../api/screening';

const STATUS_COLOURS: Record<ScreeningMatchStatus, string> = { potential: 'orange', cleared: 'green', confirmed: 'red', lapsed: 'gray' };
const DECISION_LABELS: Record<ScreeningMatch['decisions'][number]['decision'], string> = {
  cleared: 'Cleared',
  confirmed: 'Confirmed',
  lapsed: 'Lapsed',
  reopened: 'Reopened',
};

interface UploadValues extends Record<string, unknown> {
  kind: ScreeningListKind;
  file: File | null;
}

/** The latest screening run: a progress bar while it works, then how many were screened and raised for review. */
function LatestRun() {
  const runs = useScreeningRuns();
  const run = runs.data?.[0];
  if (!run) return null;
  const percent = run.total ? Math.round((run.screened / run.total) * 100) : 100;
  if (run.status !== 'done')
    return (
      <Stack gap={4} role="status">
        <Text size="sm">
          Screening investors against the lists in force: {formatNumber(run.screened)} of {formatNumber(run.total)} so far;{' '}
          {formatNumber(run.new_matches)} new potential {run.new_matches === 1 ? 'match' : 'matches'}.
        </Text>
        <Progress value={percent} animated aria-label="Screening progress" />
      </Stack>
    );
  return (
    <Text size="sm" role="status">
      Last screening finished {formatDateTime(run.finished_at)}: {formatNumber(run.screened)} investors screened;{' '}
      {formatNumber(run.new_matches)} new potential {run.new_matches === 1 ? 'match' : 'matches'}.
    </Text>
  );
}

/** Uploading a list: it replaces the list of its kind in force, and every investor is screened again in the background. */
function UploadList() {
  const form = useForm<UploadValues>({ initialValues: { kind: 'sanctions', file: null } });
  const upload = useUploadScreeningList();
  const [result, setResult] = useState<string | null>(null);
  const { submit, submitting, formError } = useSubmit(async (values: UploadValues) => {
    if (!values.file) {
      form.setFieldError('file', 'Choose the list to upload (CSV).');
      return;
    }
    const done = await upload.mutateAsync({ kind: values.kind, file: values.file });
    setResult(
      `${formatNumber(done.list.entry_count)} names read; ${formatNumber(done.run.total)} investors are being screened against the lists in force.`,
    );
    form.setFieldValue('file', null);
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="List"
            data={SCREENING_LIST_KINDS.map((kind) => ({ value: kind, label: SCREENING_LIST_LABELS[kind] }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          <FileInput
            label="CSV file"
            description="OFSI's ConList.csv as published, or a PEP list with name, date of birth, position and country."
            accept=".csv,text/csv"
            clearable
            {...form.getInputProps('file')}
          />
        </SimpleGrid>
        <FormError message={formError} />
        {result && <Text size="sm">{result}</Text>}
        <LatestRun />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Upload and screen everyone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Lists() {
  const lists = useScreeningLists();
  if (!lists.data) return <Skeleton h={80} />;
  return (
    <SimpleTable<ScreeningList>
      caption="Uploaded lists"
      rows={lists.data}
      rowKey={(l) => l.id}
      empty={<Text size="sm">No list uploaded yet: investors are screened once one is.</Text>}
      columns={[
        { key: 'kind', label: 'List', render: (l) => SCREENING_LIST_LABELS[l.kind] },
        { key: 'file', label: 'File', render: (l) => l.file_name },
        { key: 'updated', label: 'List date', render: (l) => l.list_updated ?? EMPTY },
        { key: 'entries', label: 'Names', align: 'right', render: (l) => formatNumber(l.entry_count) },
        {
          key: 'uploaded',
          label: 'Uploaded',
          render: (l) => `${formatDateTime(l.uploaded_at)}${l.uploaded_by ? ` by ${l.uploaded_by.name}` : ''}`,
        },
        { key: 'state', label: 'State', render: (l) => (l.superseded_at ? `Replaced ${formatDate(l.superseded_at)}` : 'In force') },
      ]}
    />
  );
}

/** Clear or confirm a match, always with the reason. */
function Decide({ match }: { match: ScreeningMatch }) {
  const form = useForm<{ reason: string; decision: ScreeningDecision }>({ initialValues: { reason: '', decision: 'cleared' } });
  const decide = useDecideScreeningMatch();
  const { submit, submitting, formError } = useSubmit(
    (v: { reason: string; decision: ScreeningDecision }) => decide.mutateAsync({ id: match.id, body: v }),
    form,
  );
  const act = (decision: ScreeningDecision) => void submit({ ...form.getValues(), decision });
  return (
    <Stack gap="xs">
      <Textarea label="Reason" description="Kept with the decision, for good." autosize minRows={2} {...form.getInputProps('reason')} />
      <FormError message={formError} />
      <Group justify="flex-end">
        {match.status !== 'cleared' && (
          <Button variant="outline" loading={submitting} onClick={() => act('cleared')}>
            Clear (false positive)
          </Button>
        )}
        {match.status !== 'confirmed' && (
          <Button color="red.9" loading={submitting} onClick={() => act('confirmed')}>
            Confirm match
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A listed date of birth is as precise as the list: a full date is formatted, a year or month shown as it is. */
const listedDate = (value: string | null) => (!value ? EMPTY : value.length === 10 ? formatDate(value) : value);

function MatchCard({ match }: { match: ScreeningMatch }) {
  const { investor, listed } = match;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${investor.name} and ${listed.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="md">
            {investor.name}
          </Title>
          <Group gap="xs">
            <Badge tt="none" variant="light" c="dark.8" color={STATUS_COLOURS[match.status]}>
              {SCREENING_MATCH_STATUS_LABELS[match.status]}
            </Badge>
            <Badge tt="none" variant="outline" c="dark.8" color="gray">
              Score {match.score}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Investor
            </Text>
            <Fact label="Email" value={investor.email} />
            <Fact label="Date of birth" value={investor.date_of_birth ? formatDate(investor.date_of_birth) : EMPTY} />
            <Fact label="Nationality" value={investor.nationality ?? EMPTY} />
            <Fact label="Country" value={investor.country ?? EMPTY} />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {SCREENING_LIST_LABELS[match.list.kind]}
            </Text>
            <Fact label="Listed name" value={`${listed.name}${listed.alias_type ? ` (${listed.alias_type})` : ''}`} />
            <Fact label="Date of birth" value={listedDate(listed.date_of_birth)} />
            <Fact label="Nationality" value={listed.nationality ?? listed.country ?? EMPTY} />
            <Fact label={listed.regime ? 'Regime' : 'Position'} value={listed.regime ?? listed.position ?? EMPTY} />
            {listed.reference && <Fact label="Group ID" value={listed.reference} />}
          </Stack>
        </SimpleGrid>
        {match.decisions.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Decisions
            </Text>
            {match.decisions.map((d) => (
              <Text key={d.id} size="sm">
                {formatDateTime(d.decided_at)} — {DECISION_LABELS[d.decision]} by {d.decided_by?.name ?? 'the platform'}: {d.reason}
              </Text>
            ))}
          </Stack>
        )}
        {match.status !== 'lapsed' && <Decide match={match} />}
      </Stack>
    </Paper>
  );
}

const FILTERS = [
  { value: 'potential', label: 'Awaiting review' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cleared', label: 'Cleared' },
  { value: 'lapsed', label: 'Lapsed' },
  { value: '', label: 'All' },
];

function Queue() {
  const [status, setStatus] = useState('potential');
  const matches = useScreeningMatches(status);
  return (
    <Stack gap="md">
      <NativeSelect label="Show matches" data={FILTERS} value={status} onChange={(e) => setStatus(e.currentTarget.value)} maw={320} />
      {!matches.data ? (
        <Skeleton h={160} />
      ) : matches.data.data.length === 0 ? (
        <EmptyState icon={IconShieldCheck} title="No matches here">
          Investors resembling a listed person appear here for review.
        </EmptyState>
      ) : (
        matches.data.data.map((match) => <MatchCard key={match.id} match={match} />)
      )}
    </Stack>
  );
}

/**
 * Sanctions and PEP screening (decision 0032): the lists and the review queue. What is here is
 * never shown to the investor: a match blocks investing with a neutral message.
 */
export function ScreeningPage() {
  usePageTitle('Screening');
  return (
    <Stack gap="lg">
      <Title order={1}>Screening</Title>
      <SectionCard title="Review queue">
        <Queue />
      </SectionCard>
      <SectionCard title="Lists">
        <Stack gap="md">
          <UploadList />
          <Lists />
        </Stack>
      </SectionCard>
    </Stack>
  );
}
