import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../ui/page-title';
import type { useMySignUpDocuments } from '../api/sign-up-documents';
import { DocumentList } from './document-list';

/** The documents an investor must read and accept before using the portal. */
export function SignUpDocumentsStep({ documents }: { documents: NonNullable<ReturnType<typeof useMySignUpDocuments>['data']> }) {
  usePageTitle('Sign-up documents');
  const shown = documents.filter((d) => d.state !== 'archived');
  const required = shown.filter((d) => d.requires_acceptance);
  const accepted = required.filter((d) => d.state === 'accepted').length;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            Before you continue
          </Title>
          <Text c="dimmed" size="sm">
            Please read the documents below. Those that ask for your acceptance must be accepted before you can use your account; each
            acceptance is recorded with the version you read.
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600} mb={4}>
            {accepted} of {required.length} accepted
          </Text>
          <Progress value={(accepted / Math.max(1, required.length)) * 100} aria-label="Documents accepted" />
        </div>
        <DocumentList documents={shown} />
      </Stack>
    </Paper>
  );
}
