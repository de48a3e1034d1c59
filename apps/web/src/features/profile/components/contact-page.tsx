import { Alert, Button, FileInput, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconPaperclip } from '@tabler/icons-react';
import { MAX_SUPPORT_ATTACHMENT_BYTES, supportContactBody } from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { type ContactValues, useContactSupport } from '../api/profile';

const LIMIT_MB = MAX_SUPPORT_ATTACHMENT_BYTES / 1024 / 1024;
const checkTexts = validateWith(supportContactBody, ({ subject, message }: ContactValues) => ({ subject, message }));

/**
 * /investor/profile/contact: "Contact us" (decision 0063). The message goes to the firm's support
 * address and becomes a task for the team; the investor gets a confirmation here and by e-mail.
 */
export function ContactPage() {
  usePageTitle('Contact us');
  const send = useContactSupport();
  const form = useForm<ContactValues>({
    initialValues: { subject: '', message: '', file: null },
    validate: (values) => ({
      ...checkTexts(values),
      ...(values.file && values.file.size > MAX_SUPPORT_ATTACHMENT_BYTES
        ? { file: `The attachment may not be larger than ${LIMIT_MB} MB.` }
        : {}),
    }),
  });
  const { submit, submitting, formError } = useSubmit(async (values: ContactValues) => {
    await send.mutateAsync(values);
    form.reset();
  }, form);
  const sent = send.data;
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={2} fz="lg" mb="xs">
        Contact us
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Ask us anything about your account, your investments or this site. We reply by e-mail.
      </Text>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} title="We have your message" role="status">
            “{sent.subject}” was sent to our team on {formatDateTime(sent.received_at)}
            {sent.attachment ? ` with ${sent.attachment.name} attached` : ''}. We have e-mailed you a confirmation and will reply by e-mail.
            You can also write to {sent.support_email}.
          </Alert>
          <Group>
            <Button variant="default" onClick={() => send.reset()}>
              Send another message
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="md">
            <TextInput label="Subject" required maxLength={150} {...form.getInputProps('subject')} />
            <Textarea label="Message" required autosize minRows={5} maxLength={5000} {...form.getInputProps('message')} />
            <FileInput
              label="Attachment"
              description={`Optional. A PDF, an image, or a Word, Excel or text file, up to ${LIMIT_MB} MB.`}
              placeholder="Choose a file"
              accept="application/pdf,image/png,image/jpeg,image/gif,image/webp,.doc,.docx,.xls,.xlsx,.csv,.txt"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              clearable
              {...form.getInputProps('file')}
            />
            <FormError message={formError} />
            <Group>
              <Button type="submit" loading={submitting}>
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
