import { Group, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { ApiError } from '../../../app/api-client';
import { Fact } from '../../../ui/fact';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { MyHeldInvestments } from '../../holders';
import { MyHolderDocuments } from '../../holders';
import { ButtonLink } from '../../../ui/button-link';
import { IconFiles } from '@tabler/icons-react';
import { useMyMethodAccount } from '../api/my-accounts';

/** /investor/profile/investmentmethod_{id}: the investor's account with a method (their SIPP, ISA…) and what they invested through it. */
export function MyMethodAccountPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useMyMethodAccount(id);
  const account = query.data;
  usePageTitle(account?.method.name ?? 'Investment method');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!account) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="xl">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="lg">
            {account.method.name}
          </Title>
          <ButtonLink
            to={`/investor/profile/investmentmethod-documents_${account.id}`}
            variant="light"
            leftSection={<IconFiles size={16} aria-hidden />}
          >
            Documents
          </ButtonLink>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Fact label="Your reference" value={account.reference} strong />
          <Fact label="Type" value={account.method.type_label} />
          <Fact label="Provider" value={account.method.provider} />
        </SimpleGrid>
      </Paper>
      <MyHeldInvestments
        holder={account.method.name}
        investments={account.investments}
        empty="None yet. When you invest, choose this account as the holder."
      />
    </Stack>
  );
}

/** /investor/profile/investmentmethod-documents_{id}: the method's documents shared with its account holders. */
export function MyMethodDocumentsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const account = useMyMethodAccount(id);
  return (
    <MyHolderDocuments
      name={account.data?.method.name}
      documentsUrl={`/api/my/investment-method-entities/${id}/documents`}
      backTo={`/investor/profile/investmentmethod_${id}`}
    />
  );
}
