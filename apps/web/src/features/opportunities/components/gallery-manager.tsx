import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { api } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { useGallery, useOpportunityAction, type GalleryImage } from '../api/opportunities';

/**
 * Pictures investors see on the opportunity. The first is the cover; arrows move a picture
 * (buttons, so the order can be changed from the keyboard too).
 */
export function GalleryManager({ opportunityId }: { opportunityId: number }) {
  const gallery = useGallery(opportunityId);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const base = `/api/investment-opportunities/${opportunityId}/images`;
  const upload = useOpportunityAction((body: FormData) => api(base, { method: 'POST', body }));
  const remove = useOpportunityAction((image: GalleryImage) => api(`${base}/${image.id}`, { method: 'DELETE' }));
  const reorder = useOpportunityAction((ids: number[]) => api(`${base}/order`, { method: 'PUT', body: { image_ids: ids } }));
  const { submit, submitting, formError } = useSubmit(async () => {
    if (!file) return;
    const body = new FormData();
    body.append('image', file);
    if (caption.trim()) body.append('caption', caption.trim());
    await upload.mutateAsync(body);
    setFile(null);
    setCaption('');
  });
  const images = gallery.data ?? [];
  const move = (from: number, to: number) => {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    reorder.mutate(ids);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb={4}>
        Gallery
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        PNG, JPEG or WebP pictures up to 5 MB. The first picture is the cover of the opportunity.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({});
        }}
      >
        <Group align="flex-end" mb="md" wrap="wrap">
          <FileInput
            label="Picture"
            placeholder="Choose a picture"
            accept="image/png,image/jpeg,image/webp"
            value={file}
            onChange={setFile}
            leftSection={<IconUpload size={16} aria-hidden />}
            w={280}
            clearable
          />
          <TextInput
            label="Caption"
            placeholder="The team at the lab"
            value={caption}
            onChange={(e) => setCaption(e.currentTarget.value)}
            w={280}
          />
          <Button type="submit" loading={submitting} disabled={!file}>
            Add picture
          </Button>
        </Group>
        <FormError message={formError} />
      </form>
      {images.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconPhoto size={18} aria-hidden />
          <Text size="sm">{gallery.isLoading ? 'Loading pictures…' : 'No pictures yet.'}</Text>
        </Group>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} aria-label="Gallery order">
          {images.map((image, index) => (
            <Card key={image.id} withBorder padding="xs" radius="md">
              <Card.Section>
                <Image src={image.url} alt={image.caption ?? `Picture ${index + 1}`} h={120} fit="cover" />
              </Card.Section>
              <Group justify="space-between" mt="xs" wrap="nowrap" gap={4}>
                <Text size="sm" truncate="end" style={{ flex: 1 }}>
                  {image.caption ?? `Picture ${index + 1}`}
                </Text>
                {index === 0 && <Badge size="sm">Cover</Badge>}
              </Group>
              <Group gap={4} mt={4} justify="flex-end">
                <Tooltip label="Move earlier">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${image.caption ?? `picture ${index + 1}`} earlier`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconArrowLeft size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Move later">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${image.caption ?? `picture ${index + 1}`} later`}
                    disabled={index === images.length - 1 || reorder.isPending}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowRight size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${image.caption ?? `picture ${index + 1}`}`}
                    loading={remove.isPending && remove.variables?.id === image.id}
                    onClick={() => remove.mutate(image)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
