import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicDocument } from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { FileList } from '../../profile';
import { BackLink } from '../../../ui/back-link';

/** The public documents of one of the investor's holders (an organisation, a method), with a way back to it. */
export function MyHolderDocuments({ name, documentsUrl, backTo }: { name: string | undefined; documentsUrl: string; backTo: string }) {
  usePageTitle(name ? `${name}: documents` : 'Documents');
  const documents = useQuery({
    queryKey: ['my', 'holder-documents', documentsUrl],
    queryFn: () => api<{ data: PublicDocument[] }>(documentsUrl).then((r) => r.data),
  });
  if (documents.error) return <ErrorPage status={documents.error instanceof ApiError ? documents.error.status : 500} />;
  return (
    <Stack gap="md">
      <BackLink to={backTo}>{name ?? 'Back'}</BackLink>
      <Paper withBorder radius="md" p="xl">
        <Title order={2} fz="lg" mb="md">
          Documents{name ? ` of ${name}` : ''}
        </Title>
        {documents.data ? <FileList files={documents.data} empty="No documents have been shared here yet." /> : <Skeleton h={80} />}
      </Paper>
    </Stack>
  );
}
