import { useRef, useState, type PointerEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEraser } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { SignedPdf, SignPdfDocument } from '@platform/domain';
import { api, ApiError } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { PdfPage, usePdfDocument } from '../../../ui/pdf-page';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { useInvestorAction } from '../api/use-investors';
import { BackLink } from '../../../ui/back-link';

/** A canvas to draw a signature with a mouse, pen or finger; the PNG is sent to the server. */
function DrawPad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - rect.left) * e.currentTarget.width) / rect.width,
      ((e.clientY - rect.top) * e.currentTarget.height) / rect.height,
    ] as const;
  };
  return (
    <Stack gap={4}>
      <canvas
        ref={canvas}
        width={480}
        height={160}
        aria-label="Draw the signature here"
        style={{
          width: '100%',
          maxWidth: 480,
          height: 'auto',
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 6,
          touchAction: 'none',
          background: 'white',
        }}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d')!;
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          ctx.lineWidth = 2.5;
          ctx.lineCap = 'round';
          ctx.strokeStyle = '#0d1a59';
          ctx.beginPath();
          ctx.moveTo(...point(e));
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d')!;
          ctx.lineTo(...point(e));
          ctx.stroke();
        }}
        onPointerUp={(e) => {
          drawing.current = false;
          onChange(e.currentTarget.toDataURL('image/png'));
        }}
      />
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEraser size={14} aria-hidden />}
          onClick={() => {
            const c = canvas.current!;
            c.getContext('2d')!.clearRect(0, 0, c.width, c.height);
            onChange(null);
          }}
        >
          Clear
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/investors/{id}/sign-pdf/{documentId}: place a signature on a page and keep the signed copy. */
export function SignPdfPage() {
  const { id, documentId } = useParams({ strict: false }) as { id: string; documentId: string };
  const navigate = useNavigate();
  const target = useQuery({
    queryKey: ['sign-pdf', id, documentId],
    queryFn: () => api<{ data: SignPdfDocument }>(`/api/users/${id}/sign-pdf/${documentId}`).then((r) => r.data),
  });
  const [page, setPage] = useState('1');
  const [position, setPosition] = useState({ x: 0.1, y: 0.8 });
  const [width, setWidth] = useState(0.3);
  const [kind, setKind] = useState<'typed' | 'drawn'>('typed');
  const [text, setText] = useState('');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const pdf = usePdfDocument(`/api/documents/${documentId}/download`);
  usePageTitle(target.data ? `Sign ${target.data.document.name}` : 'Sign a PDF');
  const sign = useInvestorAction(() =>
    api<{ data: SignedPdf }>(`/api/users/${id}/sign-pdf/${documentId}`, {
      method: 'POST',
      body: {
        page: Number(page),
        x: position.x,
        y: position.y,
        width,
        kind,
        ...(kind === 'typed' ? { text } : { drawing: drawing ?? '' }),
      },
    }),
  );
  const { submit, submitting, formError } = useSubmit(async () => {
    setErrors({});
    try {
      await sign.mutateAsync(undefined);
      await navigate({ to: `/admin/investors/${id}/documents` });
    } catch (error) {
      if (error instanceof ApiError && error.errors && typeof error.errors === 'object') setErrors(error.errors);
      throw error;
    }
  });
  if (target.error) return <ErrorPage status={target.error instanceof ApiError ? target.error.status : 500} />;
  if (!target.data) return <Skeleton h={480} radius="md" />;
  const size = target.data.pages[Number(page) - 1] ?? target.data.pages[0];
  const boxWidth = 440;
  const boxHeight = (boxWidth * size.height) / size.width;
  const ready = kind === 'typed' ? text.trim().length > 0 : Boolean(drawing);

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to={`/admin/investors/${id}/documents`}>Documents</BackLink>
      <Title order={1} fz={26}>
        Sign {target.data.document.name}
      </Title>
      <Text c="dimmed" size="sm" mt={-12}>
        The signed copy is filed as a new document next to the original; the original is kept unchanged.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack>
            <SegmentedControl
              aria-label="How to sign"
              value={kind}
              onChange={(v) => setKind(v as 'typed' | 'drawn')}
              data={[
                { value: 'typed', label: 'Type' },
                { value: 'drawn', label: 'Draw' },
              ]}
            />
            {kind === 'typed' ? (
              <TextInput
                label="Signature"
                placeholder="Full name"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={errors.text?.[0]}
                styles={{ input: { fontFamily: 'Georgia, serif', fontStyle: 'italic', fontSize: 20 } }}
              />
            ) : (
              <>
                <DrawPad onChange={setDrawing} />
                {errors.drawing && (
                  <Text c="red" size="sm">
                    {errors.drawing[0]}
                  </Text>
                )}
              </>
            )}
            <Select
              label="Page"
              data={target.data.pages.map((_, i) => ({ value: String(i + 1), label: `Page ${i + 1} of ${target.data!.pages.length}` }))}
              value={page}
              onChange={(v) => setPage(v ?? '1')}
              allowDeselect={false}
              error={errors.page?.[0]}
            />
            <div>
              <Text size="sm" fw={500}>
                Width of the signature
              </Text>
              <Slider
                min={0.05}
                max={0.8}
                step={0.01}
                value={width}
                onChange={setWidth}
                label={(v) => `${Math.round(v * 100)}%`}
                aria-label="Width of the signature"
              />
            </div>
            <Group grow>
              <NumberInput
                label="From the left (%)"
                min={0}
                max={100}
                value={Math.round(position.x * 100)}
                onChange={(v) => setPosition((p) => ({ ...p, x: Number(v) / 100 }))}
                error={errors.x?.[0]}
              />
              <NumberInput
                label="From the top (%)"
                min={0}
                max={100}
                value={Math.round(position.y * 100)}
                onChange={(v) => setPosition((p) => ({ ...p, y: Number(v) / 100 }))}
                error={errors.y?.[0]}
              />
            </Group>
            <FormError message={formError} />
            <Group>
              <Button onClick={() => void submit({})} loading={submitting} disabled={!ready}>
                Sign and save a copy
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" fw={500} mb="xs">
            Click on the page where the signature goes (or enter the position on the left)
          </Text>
          {pdf.error && (
            <Alert variant="light" color="yellow" mb="xs">
              This PDF could not be shown here; place the signature by its position instead.
            </Alert>
          )}
          <Box
            onClick={(e) => {
              const rect = e.currentTarget.getBoundingClientRect();
              setPosition({
                x: Math.min(1 - width, Math.max(0, (e.clientX - rect.left) / rect.width)),
                y: Math.min(0.98, Math.max(0, (e.clientY - rect.top) / rect.height)),
              });
            }}
            style={{
              position: 'relative',
              width: boxWidth,
              height: boxHeight,
              border: '1px solid var(--mantine-color-gray-4)',
              background: 'white',
              cursor: 'crosshair',
            }}
          >
            {!pdf.error && (
              <PdfPage
                document={pdf.document}
                pageNumber={Number(page)}
                width={boxWidth}
                height={boxHeight}
                label={`Page ${page} of ${target.data.document.name}`}
              />
            )}
            <Box
              aria-hidden
              data-testid="signature-placement"
              style={{
                position: 'absolute',
                left: position.x * boxWidth,
                top: position.y * boxHeight,
                width: width * boxWidth,
                height: Math.max(14, width * boxWidth * 0.3),
                border: '2px solid var(--mantine-color-brand-6, #228be6)',
                background: 'rgba(34,139,230,0.12)',
                fontFamily: 'Georgia, serif',
                fontStyle: 'italic',
                overflow: 'hidden',
                fontSize: 12,
              }}
            >
              {kind === 'typed'
                ? text
                : drawing && <img src={drawing} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />}
            </Box>
          </Box>
          <Alert variant="light" mt="md">
            <a href={target.data.document.download_url} target="_blank" rel="noreferrer">
              Open the original PDF
            </a>{' '}
            to check where the signature line is.
          </Alert>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
