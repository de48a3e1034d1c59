import { Alert, Button, Group, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useParams } from '@tanstack/react-router';
import { IconCircleCheck, IconClockX, IconLinkOff } from '@tabler/icons-react';
import { submitKpiRequestBody } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { formatDateLong } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { CenteredCard } from '../../../ui/centered-card';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { type KpiRequestForm, useKpiRequestForm, useSubmitKpiRequestForm } from '../api/kpi-requests';

type OpenForm = Extract<KpiRequestForm, { state: 'open' }>;
type Values = { values: Record<string, string>; comment: string };

const unitHint = (unit: OpenForm['kpis'][number]['unit'], currency: string) =>
  unit === 'currency' ? `In ${currency}` : unit === 'percentage' ? 'In percent: 38.5 for 38.5%' : 'A number';

function FounderForm({ token, form: request }: { token: string; form: OpenForm }) {
  const form = useForm<Values>({
    initialValues: { values: Object.fromEntries(request.kpis.map((k) => [String(k.id), ''])), comment: '' },
    validate: validateWith(submitKpiRequestBody, (v: Values) => v),
  });
  const send = useSubmitKpiRequestForm(token);
  const { submit, submitting, formError } = useSubmit((v: Values) => send.mutateAsync(v), form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Dear {request.contact_name}, please enter {request.company_name}'s figures for <strong>{request.period}</strong>. Leave a figure
          blank if you do not report it. The link works once, until {formatDateLong(request.expires_at)}.
        </Text>
        {request.message && (
          <Alert variant="light" title="Message">
            {request.message}
          </Alert>
        )}
        <FormError message={formError ?? (form.errors.values as string | undefined) ?? null} />
        {request.kpis.map((kpi) => (
          <TextInput
            key={kpi.id}
            label={kpi.name}
            description={`${kpi.category} · ${unitHint(kpi.unit, request.currency)}`}
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps(`values.${kpi.id}`)}
          />
        ))}
        <Textarea
          label="Comment"
          description="Optional: anything the figures need explaining"
          autosize
          minRows={2}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Send figures
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /kpi-request/{token}: the founder's form, reached from the mailed link without an account. */
export function KpiRequestFormPage() {
  const { token } = useParams({ strict: false }) as { token: string };
  const request = useKpiRequestForm(token);
  const data = request.data;
  usePageTitle(data ? `${data.company_name} KPIs for ${data.period}` : 'KPI request');
  if (request.isPending)
    return (
      <CenteredCard title="KPI request" width={560}>
        <Skeleton h={240} />
      </CenteredCard>
    );
  if (!data) {
    const notFound = request.error instanceof ApiError && [400, 404].includes(request.error.status);
    return (
      <CenteredCard title="KPI request" width={560}>
        <EmptyState icon={IconLinkOff} title={notFound ? 'This link is not valid' : 'The request could not be loaded'}>
          {notFound
            ? 'It may have been replaced by a newer one. Ask the person who sent it for a new link.'
            : 'Please try again in a moment.'}
        </EmptyState>
      </CenteredCard>
    );
  }
  const title = `${data.company_name} KPIs for ${data.period}`;
  return (
    <CenteredCard title={title} width={560}>
      {data.state === 'open' && <FounderForm token={token} form={data} />}
      {data.state === 'answered' && (
        <EmptyState icon={IconCircleCheck} title="Thank you: your figures have been sent">
          They were received on {formatDateLong(data.submitted_at)}. The link works only once; to correct a figure, reply to the e-mail and
          ask for a new link.
        </EmptyState>
      )}
      {data.state === 'expired' && (
        <EmptyState icon={IconClockX} title="This link has expired">
          It worked until {formatDateLong(data.expired_at)}. Ask the person who sent it for a new link.
        </EmptyState>
      )}
      {data.state === 'cancelled' && (
        <EmptyState icon={IconLinkOff} title="This request was withdrawn">
          There is nothing to send. If you think this is a mistake, reply to the e-mail.
        </EmptyState>
      )}
    </CenteredCard>
  );
}
