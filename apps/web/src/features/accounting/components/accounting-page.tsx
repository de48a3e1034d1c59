import { Alert, Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { ACCOUNTING_CONNECT_ERRORS, type AccountingServiceStatus } from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { ButtonLink } from '../../../ui/button-link';
import { usePageTitle } from '../../../ui/page-title';
import { SectionCard } from '../../../ui/section-card';
import { useAccountingStatus, useConnectAccounting, useDisconnectAccounting } from '../api/use-accounting';
import type { AccountingSearch } from '../routes';

/**
 * /admin/settings/integrations/accounting: connect the firm's accounting service (Xero), see which
 * organisation it reaches, disconnect it, and open the sync log. Sign-in happens on the service's
 * own page, which sends the browser back here.
 */
export function AccountingPage() {
  usePageTitle('Accounting');
  const search = useSearch({ strict: false }) as AccountingSearch;
  const status = useAccountingStatus();
  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={26}>
          Accounting
        </Title>
        <ButtonLink to="/admin/settings/integrations/accounting/sync-log" variant="default">
          Sync log
        </ButtonLink>
      </Group>
      <Text c="dimmed">
        Once connected, investors are sent as contacts, cash calls as invoices (with the payment reference as their reference) and payments
        received as payments against those invoices. Changes are sent in the background within seconds.
      </Text>
      {search.error && (
        <Alert color="red" title="Not connected">
          {ACCOUNTING_CONNECT_ERRORS[search.error]}
        </Alert>
      )}
      {search.connected && !search.error && <Alert color="green">Connected. Records are being sent now.</Alert>}
      {status.data?.services.map((service) => (
        <ServiceCard key={service.service} service={service} />
      ))}
    </Stack>
  );
}

function ServiceCard({ service }: { service: AccountingServiceStatus }) {
  const connect = useConnectAccounting();
  const disconnect = useDisconnectAccounting();
  const error = connect.error ?? disconnect.error;
  return (
    <SectionCard title={service.label}>
      <Stack gap="sm">
        {error && <Alert color="red">{error.message}</Alert>}
        {!service.configured ? (
          <Text>
            {service.label} is not configured on this server. Set{' '}
            {service.settings.map((name, i) => [i > 0 && ' and ', <Code key={name}>{name}</Code>])} in the server’s environment (see the
            README) and restart it.
          </Text>
        ) : service.connection ? (
          <>
            <Group gap="xs">
              <Badge color="green" variant="light">
                Connected
              </Badge>
              <Text fw={600}>{service.connection.tenant_name ?? 'Organisation'}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Connected {formatDateTime(service.connection.connected_at)}
              {service.connection.connected_by && ` by ${service.connection.connected_by}`}
            </Text>
            <Group>
              <Button color="red" variant="light" loading={disconnect.isPending} onClick={() => disconnect.mutate(service.service)}>
                Disconnect {service.label}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>Not connected. You will sign in to {service.label} and choose the organisation to connect.</Text>
            <Group>
              <Button loading={connect.isPending} onClick={() => connect.mutate(service.service)}>
                Connect {service.label}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
