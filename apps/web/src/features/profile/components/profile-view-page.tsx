import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { INVESTOR_CATEGORY_DETAILS, KYC_STATUS_LABELS, passedLabel } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useFeature } from '../../../app/settings';
import { Fact } from '../../../ui/fact';
import { usePageTitle } from '../../../ui/page-title';
import { useMyCategorisation, useMyDetails } from '../api/profile';
import { KYC_COLOURS } from './identity-page';

function Card({ title, to, action, children }: { title: string; to: string; action: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" h="100%">
        <Text fw={700}>{title}</Text>
        <Stack gap="xs" style={{ flex: 1 }}>
          {children}
        </Stack>
        <Anchor component={Link} to={to} size="sm" fw={600}>
          {action}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** /investor/profile/view: where the investor's record stands, each part linking to its page. */
export function ProfileViewPage() {
  usePageTitle('Profile');
  const user = useCurrentUser();
  const details = useMyDetails(user?.id);
  const categorisation = useMyCategorisation();
  const testOn = useFeature('enableComplianceTest');
  if (!details.data || !categorisation.data) return <Skeleton h={320} radius="md" />;
  const me = details.data;
  const latest = categorisation.data.data;
  const address = [me.address_line1, me.address_line2, me.city, me.postcode, me.country].filter(Boolean).join(', ');
  // An investor's record always carries its KYC state; only staff records leave it out.
  const kyc = me.kyc_status ?? 'not_started';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card title="Personal details" to="/investor/profile/details" action="Edit your details">
        <Fact label="Name" value={me.name} />
        <Fact label="E-mail" value={me.email} />
        <Fact label="Phone" value={me.phone ?? 'Not given'} />
        <Fact label="Address" value={address || 'Not given'} />
      </Card>
      <Card
        title="Investor category"
        to="/investor/profile/type"
        action={latest ? 'See or renew your declaration' : 'Declare your category'}
      >
        <Text>{latest ? INVESTOR_CATEGORY_DETAILS[latest.category].label : 'Not declared yet'}</Text>
        {latest && (
          <Group>
            <Badge variant="light" color={latest.status === 'approved' ? 'teal' : latest.status === 'rejected' ? 'red' : 'orange'}>
              {latest.status === 'approved' ? 'Approved' : latest.status === 'rejected' ? 'Rejected' : 'Awaiting approval'}
            </Badge>
          </Group>
        )}
      </Card>
      {testOn && (
        <Card
          title="Appropriateness test"
          to="/investor/profile/appropriateness"
          action={me.compliance_passed ? 'See your result' : 'Take the test'}
        >
          <Group>
            <Badge variant="light" color={me.compliance_passed ? 'teal' : 'gray'}>
              {passedLabel(me.compliance_passed)}
            </Badge>
          </Group>
        </Card>
      )}
      <Card title="Identity" to="/investor/profile/identity" action={kyc === 'verified' ? 'See your documents' : 'Upload your documents'}>
        <Group>
          <Badge variant="light" color={KYC_COLOURS[kyc]}>
            {KYC_STATUS_LABELS[kyc]}
          </Badge>
        </Group>
      </Card>
    </SimpleGrid>
  );
}
