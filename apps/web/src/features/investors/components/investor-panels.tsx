import { type ReactNode, useState } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { type Categorisation, can, type Folder, INVESTOR_CATEGORY_DETAILS, KYC_STATUS_LABELS, ONBOARDING_FOLDER } from '@platform/domain';
import { api, ApiError, type Page } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useListQuery } from '../../../app/use-list-query';
import { useSubmit } from '../../../app/use-submit';
import { Fact } from '../../../ui/fact';
import { FormError } from '../../../ui/form-error';
import { useAttributes } from '../../attributes';
import { AttributeValues } from '../../attributes';
import type { Transaction } from '../../opportunities';
import type { RecordDocument } from '@platform/domain';
import { ActivityPanel } from '../../records';
import { type Investor, useOwners } from '../api/use-investors';
import { AppropriatenessBadge, categoryLabel } from './investors-list-page';
import { SectionCard } from '../../../ui/section-card';
import { formatDate, formatMoney } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';

/** The Details tab: who they are, compliance at a glance, custom attributes, sections of other areas (`children`) and the record's history. */
export function DetailsPanel({ investor: i, children }: { investor: Investor; children?: ReactNode }) {
  const attributes = useAttributes('user');
  const adviser = useOwners(i.adviser_id != null).data?.find((staff) => staff.id === i.adviser_id);
  const address = [i.address_line1, i.address_line2, i.city, i.postcode, i.country].filter(Boolean).join(', ');
  return (
    <Stack gap="lg">
      <SectionCard title="Contact details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Fact label="Email" value={i.email} />
          <Fact label="Phone" value={i.phone} />
          <Fact label="Address" value={address} />
          <Fact label="Date of birth" value={formatDate(i.date_of_birth)} />
          <Fact label="Nationality" value={i.nationality} />
          <Fact label="Owner" value={i.owner?.name} />
          <Fact label="Adviser" value={adviser?.name} />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Compliance">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Fact label="Category" value={categoryLabel(i)} />
          <Fact label="KYC" value={KYC_STATUS_LABELS[i.kyc_status]} />
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Appropriateness test
            </Text>
            <Group gap="xs">
              <AppropriatenessBadge investor={i} />
              <Text size="sm" c="dimmed">
                {i.compliance_tries ?? 0} {i.compliance_tries === 1 ? 'try' : 'tries'}
              </Text>
            </Group>
          </div>
          <Fact label="Email verified" value={i.email_verified_at ? formatDate(i.email_verified_at) : 'Not yet'} />
          <Fact label="Last login" value={i.last_login_at ? formatDate(i.last_login_at) : 'Never'} />
          <Fact label="Joined" value={formatDate(i.created_at)} />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Custom attributes">
        <AttributeValues attributes={attributes.data ?? []} entries={i.attribute_values} />
      </SectionCard>
      {children}
      <ActivityPanel subject={{ type: 'investor', id: i.id }} />
    </Stack>
  );
}

/** The Transactions tab: the investor's investments across opportunities. */
export function TransactionsPanel({ investor }: { investor: Investor }) {
  const [page, setPage] = useState(1);
  const list = useListQuery<Transaction>('investments', {
    page,
    perPage: 25,
    sort: '-created_at',
    filters: { user_id: String(investor.id) },
    include: 'opportunity,holder',
  });
  const rows = list.data?.data;
  return (
    <SectionCard title="Transactions">
      {!rows ? (
        <Text size="sm" c="dimmed">
          Loading transactions…
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {investor.name} has not invested yet.
        </Text>
      ) : (
        <SimpleTable
          verticalSpacing="xs"
          striped
          bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
          rows={rows}
          rowKey={(t) => t.id}
          columns={[
            { key: 'opportunity', label: 'Opportunity', render: (t) => t.opportunity?.name ?? '—' },
            { key: 'holder', label: 'Held by', render: (t) => t.holder?.name ?? t.holder_type_label },
            { key: 'status', label: 'Status', render: (t) => <Badge variant="light">{t.status_label}</Badge> },
            { key: 'amount', label: 'Amount', align: 'right', render: (t) => formatMoney(t.amount, t.currency) },
            { key: 'date', label: 'Date', render: (t) => formatDate(t.created_at) },
          ]}
        />
      )}
      {list.data && list.data.meta.last_page > 1 && (
        <Group mt="sm">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="xs" variant="default" disabled={page >= list.data.meta.last_page} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

const STATUS_COLOURS = { pending: 'orange', approved: 'teal', rejected: 'red', superseded: 'gray' } as const;

function Review({ categorisation }: { categorisation: Categorisation }) {
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      api(`/api/investor-categorisations/${categorisation.id}/${decision}`, { method: 'POST', body: { note } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['investor-categorisations'] }),
        client.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
  const error =
    review.error instanceof ApiError
      ? ((typeof review.error.errors === 'object' ? review.error.errors.note?.[0] : null) ?? review.error.message)
      : null;
  return (
    <Stack gap="xs" mt="xs">
      <Textarea
        label="Review note"
        description="Needed to reject: say why."
        autosize
        minRows={1}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={error}
      />
      <Group gap="xs">
        <Button
          size="xs"
          color="teal"
          loading={review.isPending && review.variables === 'approve'}
          onClick={() => review.mutate('approve')}
        >
          Approve
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={review.isPending && review.variables === 'reject'}
          onClick={() => review.mutate('reject')}
        >
          Reject
        </Button>
      </Group>
    </Stack>
  );
}

/** The Category tab: every declaration and staff record, newest first; pending ones are reviewed here. */
export function CategoryPanel({ investor }: { investor: Investor }) {
  const user = useCurrentUser();
  const mayList = can(user?.role_id, 'investor_category', 'index');
  const mayReview = can(user?.role_id, 'investor_category', 'update');
  const history = useQuery({
    queryKey: ['investor-categorisations', investor.id],
    queryFn: () =>
      api<Page<Categorisation>>('/api/investor-categorisations', { query: { 'filter[user_id]': investor.id, per_page: 100 } }).then(
        (r) => r.data,
      ),
    enabled: mayList,
  });
  return (
    <SectionCard title="Investor category">
      <Text size="sm" mb="md">
        Current: <strong>{categoryLabel(investor)}</strong>
      </Text>
      {!mayList ? (
        <Text size="sm" c="dimmed">
          Your role may not see the categorisation history.
        </Text>
      ) : !history.data ? (
        <Text size="sm" c="dimmed">
          Loading the history…
        </Text>
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {investor.name} has not declared a category yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {history.data.map((c) => (
            <Paper key={c.id} withBorder radius="sm" p="md">
              <Group justify="space-between">
                <Text fw={600}>{INVESTOR_CATEGORY_DETAILS[c.category]?.label ?? c.category}</Text>
                <Badge color={STATUS_COLOURS[c.status]} variant="light">
                  {c.status}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {c.declaration.recorded_by_staff ? 'Recorded by staff' : 'Declared by the investor'} on {formatDate(c.declared_at)}
                {c.expires_at ? ` · valid until ${formatDate(c.expires_at)}` : ''}
                {c.reviewed_at ? ` · reviewed ${formatDate(c.reviewed_at)}` : ''}
              </Text>
              {c.review_note && <Text size="sm">“{c.review_note}”</Text>}
              {c.status === 'pending' && mayReview && <Review categorisation={c} />}
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** The Onboarding Documents tab: the documents in the investor's onboarding folder (staff only). */
export function OnboardingDocumentsPanel({ investor }: { investor: Investor }) {
  const user = useCurrentUser();
  const client = useQueryClient();
  const mayUpload = can(user?.role_id, 'onboarding_documents', 'create') && can(user?.role_id, 'investors', 'create');
  const subject = { 'filter[subject_type]': 'investor', 'filter[subject_id]': investor.id };
  const folder = useQuery({
    queryKey: ['records', 'onboarding', investor.id, 'folder'],
    queryFn: async () =>
      (await api<Page<Folder>>('/api/folders', { query: { ...subject, per_page: 100 } })).data.find(
        (f) => f.name.toLowerCase() === ONBOARDING_FOLDER.toLowerCase(),
      ) ?? null,
  });
  const documents = useQuery({
    queryKey: ['records', 'onboarding', investor.id, 'documents', folder.data?.id],
    queryFn: () =>
      api<Page<RecordDocument>>('/api/documents', {
        query: { ...subject, 'filter[folder_id]': folder.data!.id, per_page: 100, sort: 'name' },
      }).then((r) => r.data),
    enabled: Boolean(folder.data),
  });
  const [file, setFile] = useState<File | null>(null);
  const { submit, submitting, formError } = useSubmit(async () => {
    if (!file) return;
    const folderId =
      folder.data?.id ??
      (
        await api<{ data: Folder }>('/api/folders', {
          method: 'POST',
          body: { subject_type: 'investor', subject_id: investor.id, name: ONBOARDING_FOLDER },
        })
      ).data.id;
    const body = new FormData();
    body.append('subject_type', 'investor');
    body.append('subject_id', String(investor.id));
    body.append('folder_id', String(folderId));
    body.append('visibility', 'private');
    body.append('file', file);
    await api('/api/documents', { method: 'POST', body });
    setFile(null);
    await client.invalidateQueries({ queryKey: ['records'] });
  });
  const rows = folder.data === null ? [] : documents.data;
  return (
    <SectionCard title="Onboarding Documents">
      {mayUpload && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit({});
          }}
        >
          <Group align="flex-end" mb="md">
            <FileInput
              label="Onboarding document"
              placeholder="Choose a file"
              value={file}
              onChange={setFile}
              leftSection={<IconUpload size={16} aria-hidden />}
              w={320}
              clearable
            />
            <Button type="submit" loading={submitting} disabled={!file}>
              Upload
            </Button>
          </Group>
          <FormError message={formError} />
        </form>
      )}
      {!rows ? (
        <Text size="sm" c="dimmed">
          Loading onboarding documents…
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No onboarding documents yet.
        </Text>
      ) : (
        <Stack gap={6}>
          {rows.map((d) => (
            <Anchor key={d.id} href={d.download_url} size="sm">
              <Group gap={6}>
                <IconFileText size={16} aria-hidden />
                {d.name}
              </Group>
            </Anchor>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
