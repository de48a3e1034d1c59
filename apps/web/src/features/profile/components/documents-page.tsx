import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../ui/page-title';
import { MyOnboardingDocuments } from '../../sign-up-documents';
import { MyAcceptedTerms } from '../../term-conditions';
import { useMyDocuments } from '../api/profile';
import { FileList } from './file-list';

/**
 * /investor/profile/documents: the sign-up documents and investment terms the investor accepted, and
 * the documents staff shared with them on their record.
 */
export function DocumentsPage() {
  usePageTitle('Documents');
  const documents = useMyDocuments();
  return (
    <Stack gap="lg">
      <MyOnboardingDocuments />
      <MyAcceptedTerms />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Your documents
            </Title>
            <Text size="sm" c="dimmed">
              Agreements, certificates and statements we have shared with you.
            </Text>
          </div>
          {documents.data ? <FileList files={documents.data} empty="No documents have been shared with you yet." /> : <Skeleton h={120} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
