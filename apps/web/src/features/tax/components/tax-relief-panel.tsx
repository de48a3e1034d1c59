import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import {
  COMPLIANCE_STATEMENT_STATUS_LABELS,
  COMPLIANCE_STATEMENT_STATUSES,
  MODAL_WIDTH,
  RELIEF_LABELS,
  RELIEF_SCHEMES,
  type ComplianceStatementStatus,
  type ReliefScheme,
} from '@platform/domain';
import { useSubmit } from '../../../app/use-submit';
import { formatDate, formatMoney, formatPrice, formatUnits } from '../../../app/format';
import { DateField } from '../../../ui/date-field';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import {
  createShareIssue,
  recordInvestmentRelief,
  updateShareIssue,
  uploadCertificate,
  useHeldInvestments,
  useRefreshTax,
  useShareIssues,
  type ShareIssue,
  type StaffInvestment,
} from '../api/use-tax';

const SCHEME_OPTIONS = RELIEF_SCHEMES.map((s) => ({ value: s, label: RELIEF_LABELS[s] }));
const STATUS_COLOURS: Record<ComplianceStatementStatus, string> = {
  not_submitted: 'gray',
  submitted: 'blue',
  authorised: 'teal',
  rejected: 'red',
};

interface IssueValues extends Record<string, unknown> {
  issued_on: string;
  share_class: string;
  price_per_share: string;
  scheme: ReliefScheme;
}

function AddShareIssue({ opportunityId, currency, onSaved }: { opportunityId: number; currency: string; onSaved: () => Promise<void> }) {
  const [opened, setOpened] = useState(false);
  const form = useForm<IssueValues>({ initialValues: { issued_on: '', share_class: 'Ordinary', price_per_share: '', scheme: 'eis' } });
  const { submit, submitting, formError } = useSubmit(async (v: IssueValues) => {
    await createShareIssue({ opportunity_id: opportunityId, ...v, price_per_share: v.price_per_share.replace(/[£€$,\s]/g, '') });
    await onSaved();
    form.reset();
    setOpened(false);
  }, form);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Add a share issue
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Add a share issue" size={MODAL_WIDTH.confirmation}>
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack>
            <DateField label="Issue date" required {...form.getInputProps('issued_on')} />
            <Group grow>
              <TextInput label="Share class" {...form.getInputProps('share_class')} />
              <TextInput label={`Price per share (${currency})`} inputMode="decimal" {...form.getInputProps('price_per_share')} />
            </Group>
            <Select label="Relief scheme" data={SCHEME_OPTIONS} allowDeselect={false} {...form.getInputProps('scheme')} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button type="submit" loading={submitting}>
                Add share issue
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

interface StatementValues extends Record<string, unknown> {
  statement_status: ComplianceStatementStatus;
  statement_submitted_on: string;
  hmrc_reference: string;
}

function RecordStatement({ issue, onSaved }: { issue: ShareIssue; onSaved: () => Promise<void> }) {
  const [opened, setOpened] = useState(false);
  const form = useForm<StatementValues>({
    initialValues: {
      statement_status: issue.statement_status,
      statement_submitted_on: issue.statement_submitted_on ?? '',
      hmrc_reference: issue.hmrc_reference ?? '',
    },
  });
  const { submit, submitting, formError } = useSubmit(async (v: StatementValues) => {
    await updateShareIssue(issue.id, v);
    await onSaved();
    setOpened(false);
  }, form);
  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpened(true)}>
        Record {issue.statement_form}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`${issue.statement_form} submission`} size={MODAL_WIDTH.confirmation}>
        <form onSubmit={form.onSubmit((v) => void submit(v))}>
          <Stack>
            <Select
              label="Status"
              data={COMPLIANCE_STATEMENT_STATUSES.map((s) => ({ value: s, label: COMPLIANCE_STATEMENT_STATUS_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps('statement_status')}
            />
            <DateField label="Submitted to HMRC on" {...form.getInputProps('statement_submitted_on')} />
            <TextInput label="HMRC reference" {...form.getInputProps('hmrc_reference')} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button type="submit" loading={submitting}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** One owner's certificate upload: the PDF and HMRC's reference printed on it. */
function CertificateUpload({
  issue,
  userId,
  name,
  onSaved,
}: {
  issue: ShareIssue;
  userId: number;
  name: string;
  onSaved: () => Promise<void>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [reference, setReference] = useState('');
  const { submit, submitting, formError } = useSubmit(async () => {
    if (!file) return;
    await uploadCertificate(issue.id, userId, file, reference);
    setFile(null);
    setReference('');
    await onSaved();
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({});
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <FileInput
          aria-label={`Choose the PDF: ${issue.certificate_form} for ${name}`}
          placeholder="Choose the PDF"
          accept="application/pdf"
          value={file}
          onChange={setFile}
          leftSection={<IconUpload size={14} aria-hidden />}
          size="xs"
          w={180}
          clearable
        />
        <TextInput
          aria-label={`Certificate reference for ${name}`}
          placeholder="Reference"
          size="xs"
          w={120}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <Button type="submit" size="xs" loading={submitting} disabled={!file}>
          Upload
        </Button>
      </Group>
      <FormError message={formError} />
    </form>
  );
}

function IssueCard({
  issue,
  currency,
  canWrite,
  onSaved,
}: {
  issue: ShareIssue;
  currency: string;
  canWrite: boolean;
  onSaved: () => Promise<void>;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} fz="md">
          {issue.share_class} shares issued {formatDate(issue.issued_on)} · {issue.scheme_label}
        </Title>
        {canWrite && issue.statement_form && <RecordStatement issue={issue} onSaved={onSaved} />}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        <Fact label="Price per share" value={formatPrice(issue.price_per_share, currency)} />
        <Fact label="Holding period ends" value={formatDate(issue.holding_period_ends_on)} />
        {issue.statement_form && (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {issue.statement_form}
            </Text>
            <Badge variant="light" color={STATUS_COLOURS[issue.statement_status]}>
              {issue.statement_status_label}
            </Badge>
          </div>
        )}
        {issue.statement_form && (
          <Fact
            label="Submitted · HMRC reference"
            value={issue.statement_submitted_on ? `${formatDate(issue.statement_submitted_on)} · ${issue.hmrc_reference ?? '—'}` : null}
          />
        )}
      </SimpleGrid>
      <SimpleTable
        stacked
        verticalSpacing="xs"
        title="Beneficial owners"
        rows={issue.owners}
        rowKey={(o) => o.user.id}
        empty={<Text c="dimmed">No investment names this share issue yet: record the relief on the investments below.</Text>}
        columns={[
          { key: 'owner', label: 'Beneficial owner', render: (o) => o.user.name },
          { key: 'through', label: 'Held through', render: (o) => o.held_through.join(', ') || 'Personally' },
          { key: 'shares', label: 'Shares', render: (o) => formatUnits(o.shares) },
          { key: 'amount', label: 'Amount', render: (o) => formatMoney(o.amount, currency) },
          {
            key: 'certificate',
            label: issue.certificate_form ?? 'Certificate',
            render: (o) =>
              o.certificate ? (
                <Anchor href={o.certificate.download_url} size="sm">
                  {o.certificate.file_name}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  Not uploaded
                </Text>
              ),
          },
          ...(canWrite && issue.certificate_form
            ? [
                {
                  key: 'upload',
                  label: 'Upload',
                  render: (o: ShareIssue['owners'][number]) => (
                    <CertificateUpload issue={issue} userId={o.user.id} name={o.user.name} onSaved={onSaved} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Paper>
  );
}

/** One investment's relief and share issue, saved as chosen. */
function ReliefCells({ investment, issues, onSaved }: { investment: StaffInvestment; issues: ShareIssue[]; onSaved: () => Promise<void> }) {
  // One save per field, so choosing both quickly saves both.
  const save = async (body: { relief?: ReliefScheme | null; share_issue_id?: number | null }) => {
    await recordInvestmentRelief(investment.id, body);
    await onSaved();
  };
  const relief = useSubmit(save);
  const shareIssue = useSubmit(save);
  const who = investment.user?.name ?? `investment ${investment.id}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label={`Relief claimed by ${who}`}
        placeholder="Not recorded"
        size="xs"
        w={130}
        data={SCHEME_OPTIONS}
        value={investment.relief}
        onChange={(v) => void relief.submit({ relief: (v as ReliefScheme | null) ?? null })}
      />
      <Select
        aria-label={`Share issue of ${who}`}
        placeholder="No share issue"
        size="xs"
        w={200}
        data={issues.map((i) => ({ value: String(i.id), label: `${i.share_class} · ${formatDate(i.issued_on)}` }))}
        value={investment.share_issue_id == null ? null : String(investment.share_issue_id)}
        onChange={(v) => void shareIssue.submit({ share_issue_id: v ? Number(v) : null })}
      />
      <FormError message={relief.formError ?? shareIssue.formError} />
    </Group>
  );
}

/**
 * The Tax relief tab of an existing investment (flag `enableTax`, decision 0060): its share issues
 * with their EIS1/SEIS1 submission, each beneficial owner's EIS3/SEIS3 certificate, and the relief
 * each held investment claims.
 */
export function TaxReliefPanel({ opportunity, canWrite }: { opportunity: { id: number; currency: string }; canWrite: boolean }) {
  const issues = useShareIssues(opportunity.id);
  const held = useHeldInvestments(opportunity.id);
  const refresh = useRefreshTax(opportunity.id);
  if (!issues.data || !held.data) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={640}>
          Relief holding period: three years from the share issue date (the platform does not record the start of trade).
        </Text>
        {canWrite && <AddShareIssue opportunityId={opportunity.id} currency={opportunity.currency} onSaved={refresh} />}
      </Group>
      {issues.data.length === 0 && <Text c="dimmed">No share issues recorded yet.</Text>}
      {issues.data.map((issue) => (
        <IssueCard key={issue.id} issue={issue} currency={opportunity.currency} canWrite={canWrite} onSaved={refresh} />
      ))}
      <Paper withBorder radius="md" p="lg">
        <SimpleTable
          stacked
          verticalSpacing="xs"
          title="Relief on investments"
          rows={held.data}
          rowKey={(i) => i.id}
          empty={<Text c="dimmed">Nobody holds shares in this investment yet.</Text>}
          columns={[
            { key: 'investor', label: 'Investor', render: (i) => i.user?.name ?? '—' },
            { key: 'holder', label: 'Held by', render: (i) => i.holder?.name ?? i.holder_type_label },
            { key: 'date', label: 'Paid', render: (i) => formatDate(i.paid_at) },
            { key: 'amount', label: 'Amount', render: (i) => formatMoney(i.amount, i.currency) },
            {
              key: 'relief',
              label: 'Relief and share issue',
              render: (i) =>
                canWrite ? (
                  <ReliefCells investment={i} issues={issues.data} onSaved={refresh} />
                ) : (
                  ((i.relief && RELIEF_LABELS[i.relief]) ?? 'Not recorded')
                ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
