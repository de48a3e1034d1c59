import { useRef, useState } from 'react';
import { Badge, Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import {
  can,
  createKpiRequestBody,
  KPI_PERIOD_EXAMPLES,
  KPI_REQUEST_STATUS_LABELS,
  type KpiRequestStatus,
  kpiFrequencyOfKey,
  kpiPeriodOf,
  MODAL_WIDTH,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { formatDate, toLocalIsoDate } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import type { Column } from '../../../ui/data-table';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import {
  acceptKpiRequest,
  cancelKpiRequest,
  type KpiRequest,
  kpiRequestBody,
  type KpiRequestFormValues,
  rejectKpiRequest,
  resendKpiRequest,
  sendKpiRequest,
  useKpiRequestAction,
} from '../api/kpi-requests';
import { formatKpiValue, useAllKpis, useKpiCompanies } from '../api/kpis';

const STATUS_COLORS: Record<KpiRequestStatus, string> = {
  sent: 'blue',
  submitted: 'orange',
  accepted: 'teal',
  rejected: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/** The modals' close button, named for screen readers. */
const CLOSE = { 'aria-label': 'Close' };

export function KpiRequestStatusBadge({ status }: { status: KpiRequestStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} style={{ flexShrink: 0 }} miw="fit-content">
      {KPI_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The modal that sends a request; the company is chosen here unless the page is one company's. */
function SendKpiRequestModal({ opportunityId, onClose }: { opportunityId?: number; onClose: () => void }) {
  const kpis = useAllKpis();
  const companies = useKpiCompanies();
  const [company, setCompany] = useState<string | null>(opportunityId ? String(opportunityId) : null);
  // What is sent besides the form's own fields: the company and, unless narrowed, every KPI of the period's frequency.
  const sent = useRef({ company: '', kpiIds: [] as string[] });
  const form = useForm<KpiRequestFormValues>({
    initialValues: { period: kpiPeriodOf('quarterly', toLocalIsoDate()), kpi_ids: [], contact_name: '', contact_email: '', message: '' },
    validate: validateWith(createKpiRequestBody, (v: KpiRequestFormValues) =>
      kpiRequestBody(sent.current.company, { ...v, kpi_ids: sent.current.kpiIds }),
    ),
  });
  const frequency = kpiFrequencyOfKey(form.values.period);
  const choices = (kpis.data ?? []).filter((k) => k.frequency === frequency);
  const chosen = form.values.kpi_ids.length ? form.values.kpi_ids : choices.map((k) => String(k.id));
  sent.current = { company: company ?? '', kpiIds: chosen };
  const send = useKpiRequestAction((body: ReturnType<typeof kpiRequestBody>) => sendKpiRequest(body));
  const { submit, submitting, formError } = useSubmit(async (v: KpiRequestFormValues) => {
    await send.mutateAsync(kpiRequestBody(sent.current.company, { ...v, kpi_ids: sent.current.kpiIds }));
    notifications.show({ color: 'teal', message: `KPI request sent to ${v.contact_email}.` });
    onClose();
  }, form);
  return (
    <Modal opened onClose={onClose} title="Request KPIs from a company" centered size="lg" closeButtonProps={CLOSE}>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <FormError message={formError} />
          {!opportunityId && (
            <Select
              label="Company"
              placeholder="Choose an existing investment"
              searchable
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.company_name})` }))}
              value={company}
              onChange={setCompany}
              error={form.errors.opportunity_id}
            />
          )}
          <TextInput
            label="Period"
            description={`A quarter (${KPI_PERIOD_EXAMPLES.quarterly}), a month (${KPI_PERIOD_EXAMPLES.monthly}) or a year (${KPI_PERIOD_EXAMPLES.annual})`}
            {...form.getInputProps('period')}
            onChange={(event) => form.setValues({ period: event.currentTarget.value, kpi_ids: [] })}
          />
          <MultiSelect
            label="KPIs to ask for"
            description={frequency ? `Every ${frequency} KPI unless you choose` : 'Enter the period first'}
            data={choices.map((k) => ({ value: String(k.id), label: k.name }))}
            value={chosen}
            onChange={(ids) => form.setFieldValue('kpi_ids', ids)}
            error={form.errors.kpi_ids}
            searchable
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Contact name" autoComplete="off" {...form.getInputProps('contact_name')} miw={200} />
            <TextInput label="Contact e-mail" type="email" autoComplete="off" {...form.getInputProps('contact_email')} miw={200} />
          </Group>
          <Textarea label="Message" description="Optional: added to the e-mail" autosize minRows={2} {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} leftSection={<IconSend size={16} aria-hidden />}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SendKpiRequestButton({ opportunityId }: { opportunityId?: number }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!can(user?.role_id, 'kpis', 'create')) return null;
  return (
    <>
      <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Request KPIs
      </Button>
      {open && <SendKpiRequestModal opportunityId={opportunityId} onClose={() => setOpen(false)} />}
    </>
  );
}

type ReviewValues = { values: Record<string, string>; reason: string };

/** Staff read the founder's answer beside what is already recorded, correct it if need be, and accept or reject it. */
function ReviewModal({ request, onClose }: { request: KpiRequest; onClose: () => void }) {
  const user = useCurrentUser();
  const form = useForm<ReviewValues>({
    initialValues: { values: Object.fromEntries(request.items.map((i) => [String(i.kpi.id), i.submitted_value ?? ''])), reason: '' },
  });
  const accept = useKpiRequestAction((v: ReviewValues) => acceptKpiRequest(request.id, { values: v.values }));
  const reject = useKpiRequestAction((reason: string) => rejectKpiRequest(request.id, reason));
  const [rejecting, setRejecting] = useState(false);
  const { submit, submitting, formError } = useSubmit(async (v: ReviewValues) => {
    if (rejecting) await reject.mutateAsync(v.reason);
    else await accept.mutateAsync(v);
    notifications.show({ color: 'teal', message: rejecting ? 'The answer was rejected.' : 'The values were recorded.' });
    onClose();
  }, form);
  const replaces = request.items.some((i) => i.current_value !== null);
  const currency = request.opportunity.currency;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${request.opportunity.name}: KPIs for ${request.period}`}
      centered
      size={MODAL_WIDTH.wide}
      closeButtonProps={CLOSE}
    >
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Sent by {request.contact_name} ({request.contact_email}) on {formatDate(request.submitted_at)}.
          </Text>
          {request.founder_comment && (
            <Text size="sm">
              <strong>Comment:</strong> {request.founder_comment}
            </Text>
          )}
          <FormError message={formError} />
          <SimpleTable
            caption="Submitted values"
            rows={request.items}
            rowKey={(i) => i.kpi.id}
            columns={[
              { key: 'kpi', label: 'KPI', render: (i) => i.kpi.name },
              {
                key: 'current',
                label: 'Recorded now',
                align: 'right',
                render: (i) => formatKpiValue(i.current_value, i.kpi.unit, currency),
              },
              {
                key: 'value',
                label: 'Value to record',
                render: (i) => (
                  <TextInput
                    aria-label={`${i.kpi.name} to record`}
                    inputMode="decimal"
                    size="xs"
                    disabled={rejecting}
                    {...form.getInputProps(`values.${i.kpi.id}`)}
                  />
                ),
              },
            ]}
          />
          {replaces && !can(user?.role_id, 'kpis', 'update') && (
            <Text size="xs" c="dimmed">
              Values already recorded can only be replaced by an administrator.
            </Text>
          )}
          {rejecting && (
            <Textarea
              label="Why is it rejected?"
              description="Sent with the next request to the company"
              autosize
              minRows={2}
              {...form.getInputProps('reason')}
            />
          )}
          <Group justify="flex-end">
            {rejecting ? (
              <>
                <Button variant="default" onClick={() => setRejecting(false)}>
                  Back
                </Button>
                <Button type="submit" color="red" loading={submitting}>
                  Reject answer
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" color="red" onClick={() => setRejecting(true)}>
                  Reject…
                </Button>
                <Button type="submit" loading={submitting}>
                  Accept and record
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RequestActions({ request, onReview }: { request: KpiRequest; onReview: () => void }) {
  const resend = useKpiRequestAction(() => resendKpiRequest(request.id));
  const cancel = useKpiRequestAction(() => cancelKpiRequest(request.id));
  const report = (verb: string) => ({
    onSuccess: () => notifications.show({ color: 'teal', message: `Request ${verb}.` }),
    onError: (error: Error) =>
      notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'That did not work.' }),
  });
  const name = `${request.opportunity.name} ${request.period}`;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {request.status === 'submitted' && (
        <Button size="compact-sm" onClick={onReview} aria-label={`Review ${name}`}>
          Review
        </Button>
      )}
      {['sent', 'expired', 'rejected', 'cancelled'].includes(request.status) && (
        <Button
          size="compact-sm"
          variant="default"
          loading={resend.isPending}
          onClick={() => resend.mutate(undefined, report('sent again'))}
          aria-label={`Resend ${name}`}
        >
          Resend
        </Button>
      )}
      {['sent', 'expired', 'submitted'].includes(request.status) && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(undefined, report('cancelled'))}
          aria-label={`Cancel ${name}`}
        >
          Cancel
        </Button>
      )}
    </Group>
  );
}

/** The columns of a request list; `withCompany` off on a company's own tab. */
export function useKpiRequestColumns({ withCompany }: { withCompany: boolean }) {
  const user = useCurrentUser();
  const [reviewing, setReviewing] = useState<KpiRequest | null>(null);
  const mayAct = can(user?.role_id, 'kpis', 'create');
  const columns: Column<KpiRequest>[] = [
    ...(withCompany
      ? [{ key: 'company', label: 'Company', sort: 'company', render: (r: KpiRequest) => r.opportunity.name } satisfies Column<KpiRequest>]
      : []),
    {
      key: 'period',
      label: 'Period',
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.period}
        </Text>
      ),
    },
    {
      key: 'contact',
      label: 'Contact',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.contact_name}</Text>
          <Text size="xs" c="dimmed">
            {r.contact_email}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', label: 'Status', width: 130, render: (r) => <KpiRequestStatusBadge status={r.status} /> },
    { key: 'sent_at', label: 'Sent', sort: 'sent_at', render: (r) => formatDate(r.sent_at) },
    {
      key: 'expires_at',
      label: 'Answer',
      sort: 'expires_at',
      render: (r) =>
        r.submitted_at
          ? `Answered ${formatDate(r.submitted_at)}`
          : r.status === 'sent'
            ? `Due by ${formatDate(r.expires_at)}${r.reminders_sent ? ` · ${r.reminders_sent} reminder${r.reminders_sent > 1 ? 's' : ''}` : ''}`
            : '',
    },
    ...(mayAct
      ? [
          {
            key: 'actions',
            label: 'Actions',
            hideLabel: true,
            render: (r: KpiRequest) => <RequestActions request={r} onReview={() => setReviewing(r)} />,
          } satisfies Column<KpiRequest>,
        ]
      : []),
  ];
  const review = reviewing && <ReviewModal request={reviewing} onClose={() => setReviewing(null)} />;
  return { columns, review };
}
