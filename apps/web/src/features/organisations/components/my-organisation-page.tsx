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
import { useMyOrganisation } from '../api/my-organisations';

/** /investor/profile/organisation_{id}: an organisation the investor acts for, and what they invested through it. */
export function MyOrganisationPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useMyOrganisation(id);
  const organisation = query.data;
  usePageTitle(organisation?.name ?? 'Organisation');
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!organisation) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="xl">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="lg">
            {organisation.name}
          </Title>
          <ButtonLink
            to={`/investor/profile/organisation-documents_${organisation.id}`}
            variant="light"
            leftSection={<IconFiles size={16} aria-hidden />}
          >
            Documents
          </ButtonLink>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Fact label="Your role" value={organisation.my_role_label} strong />
          <Fact label="Type" value={organisation.type_label} />
          <Fact label="Company number" value={organisation.company_number} />
          <Fact label="Country" value={organisation.country} />
          <Fact label="Registered address" value={organisation.address} />
        </SimpleGrid>
      </Paper>
      <MyHeldInvestments
        holder={organisation.name}
        investments={organisation.investments}
        empty="None yet. When you invest, choose this organisation as the holder."
      />
    </Stack>
  );
}

/** /investor/profile/organisation-documents_{id}: the organisation's documents shared with its people. */
export function MyOrganisationDocumentsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const organisation = useMyOrganisation(id);
  return (
    <MyHolderDocuments
      name={organisation.data?.name}
      documentsUrl={`/api/my/organisations/${id}/documents`}
      backTo={`/investor/profile/organisation_${id}`}
    />
  );
}
