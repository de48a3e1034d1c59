import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { KYC_STATUS_LABELS, type KycStatus } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { usePageTitle } from '../../../ui/page-title';
import { useMyIdentity, useUploadIdentityDocument } from '../api/profile';
import { FileList } from './file-list';

export const KYC_COLOURS: Record<KycStatus, string> = { not_started: 'gray', submitted: 'blue', verified: 'teal', rejected: 'red' };

/** /investor/profile/identity: identity checks (KYC/AML) — upload documents, see where the check stands. */
export function IdentityPage() {
  usePageTitle('Identity');
  const identity = useMyIdentity();
  const upload = useUploadIdentityDocument();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const fileError =
    upload.error instanceof ApiError && typeof upload.error.errors === 'object' ? upload.error.errors.file?.[0] : upload.error?.message;

  if (!identity.data) return <Skeleton h={320} radius="md" />;
  const { kyc_status: status, documents } = identity.data;
  const send = () => {
    if (!file) return;
    upload.mutate(
      { file, name },
      {
        onSuccess: () => {
          setFile(null);
          setName('');
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Identity checks
          </Title>
          <Badge size="lg" variant="light" color={KYC_COLOURS[status]}>
            {KYC_STATUS_LABELS[status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          The law requires us to verify who you are before you invest (anti-money-laundering checks). Upload a photo or scan of your
          passport or driving licence, and a proof of address from the last three months. Only our team sees these documents.
        </Text>
        {status === 'verified' && (
          <Alert color="teal" variant="light">
            Your identity is verified. Thank you.
          </Alert>
        )}
        {status === 'rejected' && (
          <Alert color="red" variant="light">
            We could not verify your identity from the documents so far. Please upload clearer or more recent documents, or contact us.
          </Alert>
        )}
        {status !== 'verified' && (
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <FileInput
                label="Document"
                placeholder="PDF, JPEG or PNG, up to 20 MB"
                accept="application/pdf,image/jpeg,image/png,image/webp"
                leftSection={<IconUpload size={16} aria-hidden />}
                value={file}
                onChange={setFile}
                error={fileError}
                clearable
                style={{ flex: 1, minWidth: 220 }}
              />
              <TextInput
                label="Name (optional)"
                placeholder="e.g. Passport"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 180 }}
              />
              <Button onClick={send} loading={upload.isPending} disabled={!file}>
                Upload
              </Button>
            </Group>
          </Stack>
        )}
        <Title order={3} fz="md">
          What you have uploaded
        </Title>
        <FileList files={documents} empty="Nothing yet." />
      </Stack>
    </Paper>
  );
}
