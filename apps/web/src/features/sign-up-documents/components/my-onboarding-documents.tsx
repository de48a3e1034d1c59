import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMySignUpDocuments } from '../api/sign-up-documents';
import { DocumentList } from './document-list';

/** The investor's sign-up documents on their documents page, accepted ones kept to read again. */
export function MyOnboardingDocuments() {
  const documents = useMySignUpDocuments();
  if (!documents.data?.length) return null;
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Sign-up documents
          </Title>
          <Text size="sm" c="dimmed">
            The documents you read and accepted when you joined, in the version you accepted.
          </Text>
        </div>
        <DocumentList documents={documents.data} />
      </Stack>
    </Paper>
  );
}
