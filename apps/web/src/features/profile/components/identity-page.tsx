import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  COUNTRIES,
  IDENTITY_DOCUMENT_KIND_LABELS,
  type IdentityDocumentKind,
  identityUploadBody,
  KYC_STATUS_LABELS,
  type KycStatus,
  PHOTO_IDENTITY_KINDS,
  UPLOADABLE_IDENTITY_DOCUMENT_KINDS,
} from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useFeature } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { useMyDetails, useMyIdentity, useUpdateMyDetails, useUploadIdentityDocument } from '../api/profile';
import { FileList } from './file-list';

export const KYC_COLOURS: Record<KycStatus, string> = { not_started: 'gray', submitted: 'blue', verified: 'teal', rejected: 'red' };

const COUNTRY_OPTIONS = COUNTRIES.map((c) => c.name);
const KIND_OPTIONS = UPLOADABLE_IDENTITY_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: IDENTITY_DOCUMENT_KIND_LABELS[kind] }));
const MISSING_LABELS = { proof_of_address: 'a proof of address', identity_document: 'your passport or national identity card' };

/**
 * The address the identity checks go by, with `enableInternationalAml`: any country, a postcode in
 * the country's own form. Saved to the investor's details like the Personal details page.
 */
function AddressForCheck() {
  const user = useCurrentUser();
  const details = useMyDetails(user?.id);
  const update = useUpdateMyDetails(user?.id ?? 0);
  const [edits, setEdits] = useState<Record<string, string>>({});
  if (!details.data) return <Skeleton h={120} />;
  const saved = details.data;
  const value = (field: 'address_line1' | 'city' | 'postcode' | 'country') => edits[field] ?? saved[field] ?? '';
  const set = (field: string) => (next: string | null) => setEdits((e) => ({ ...e, [field]: next ?? '' }));
  const errors = update.error instanceof ApiError && typeof update.error.errors === 'object' ? update.error.errors : {};
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Your address
      </Title>
      <Text size="sm" c="dimmed">
        If you live outside the UK we also ask for a proof of address and your passport or national identity card.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Address"
          autoComplete="street-address"
          value={value('address_line1')}
          onChange={(e) => set('address_line1')(e.currentTarget.value)}
          error={errors.address_line1?.[0]}
        />
        <TextInput
          label="Town or city"
          autoComplete="address-level2"
          value={value('city')}
          onChange={(e) => set('city')(e.currentTarget.value)}
          error={errors.city?.[0]}
        />
        <TextInput
          label="Postcode or postal code"
          autoComplete="postal-code"
          value={value('postcode')}
          onChange={(e) => set('postcode')(e.currentTarget.value)}
          error={errors.postcode?.[0]}
        />
        <Select
          label="Country"
          searchable
          data={COUNTRY_OPTIONS}
          value={value('country') || null}
          onChange={set('country')}
          error={errors.country?.[0]}
        />
      </SimpleGrid>
      <Group>
        <Button
          variant="default"
          disabled={!Object.keys(edits).length}
          loading={update.isPending}
          onClick={() => update.mutate(edits, { onSuccess: () => setEdits({}) })}
        >
          Save address
        </Button>
        {update.isSuccess && !Object.keys(edits).length && (
          <Text size="sm" c="teal.8" role="status">
            Your address is saved.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** /investor/profile/identity: identity checks (KYC/AML) — upload documents, see where the check stands. */
export function IdentityPage() {
  usePageTitle('Identity');
  const identity = useMyIdentity();
  const upload = useUploadIdentityDocument();
  const international = useFeature('enableInternationalAml');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<IdentityDocumentKind | null>(null);
  const [issuingCountry, setIssuingCountry] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const serverErrors = upload.error instanceof ApiError && typeof upload.error.errors === 'object' ? upload.error.errors : undefined;
  const fileError = serverErrors ? serverErrors.file?.[0] : upload.error?.message;
  const kindError = checked.kind ?? serverErrors?.kind?.[0];
  const countryError = checked.issuing_country ?? serverErrors?.issuing_country?.[0];
  const photo = kind !== null && PHOTO_IDENTITY_KINDS.includes(kind);

  if (!identity.data) return <Skeleton h={320} radius="md" />;
  const { kyc_status: status, documents } = identity.data;
  const send = () => {
    if (!file) return;
    const fields = international
      ? { name: name || undefined, kind: kind ?? undefined, issuing_country: photo ? (issuingCountry ?? undefined) : undefined }
      : { name: name || undefined };
    // The shared contract checks the fields first; the server checks them again.
    const parsed = identityUploadBody.safeParse(fields);
    const problems: Record<string, string> = {};
    if (international && !kind) problems.kind = 'Choose what the document is.';
    if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    setChecked(problems);
    if (Object.keys(problems).length) return;
    upload.mutate(
      { file, name, kind: fields.kind, issuing_country: fields.issuing_country },
      {
        onSuccess: () => {
          setFile(null);
          setName('');
          setKind(null);
          setIssuingCountry(null);
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
        {identity.data.international && identity.data.missing_documents.length > 0 && (
          <Alert color="blue" variant="light">
            Your address is outside the UK: please upload {identity.data.missing_documents.map((m) => MISSING_LABELS[m]).join(' and ')}.
          </Alert>
        )}
        {status !== 'verified' && (
          <Stack gap="sm">
            {international && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label="What is it?"
                  required
                  data={KIND_OPTIONS}
                  value={kind}
                  onChange={(value) => setKind(value as IdentityDocumentKind | null)}
                  error={kindError}
                />
                {photo && (
                  <Select
                    label="Issuing country"
                    required
                    searchable
                    data={COUNTRY_OPTIONS}
                    value={issuingCountry}
                    onChange={setIssuingCountry}
                    error={countryError}
                  />
                )}
              </SimpleGrid>
            )}
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
        {international && status !== 'verified' && <AddressForCheck />}
        <Title order={3} fz="md">
          What you have uploaded
        </Title>
        <FileList
          files={documents.map((d) => ({
            ...d,
            name:
              d.kind && international
                ? `${d.name} (${IDENTITY_DOCUMENT_KIND_LABELS[d.kind]}${d.issuing_country ? `, ${d.issuing_country}` : ''})`
                : d.name,
          }))}
          empty="Nothing yet."
        />
      </Stack>
    </Paper>
  );
}
