import { useState } from 'react';
import { ActionIcon, Alert, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { BackLink } from '../../../ui/back-link';
import { investorDocumentDownload } from '../../../ui/document-link';
import { usePageTitle } from '../../../ui/page-title';
import { type OpenedPdf, PdfSizedPage, usePdfDocument } from '../../../ui/pdf-page';
import { ErrorPage } from '../../errors';

/** Zoom steps, as a share of the viewer's width. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = ZOOMS.indexOf(1);

/**
 * /investor/pdf/{id} (spec §2.3): a PDF the investor may download — their own documents, statements,
 * what is shared with them — read in the portal, a page at a time. Any document id the investor's
 * download route serves opens here; one it refuses is the product's 404 page.
 */
export function PdfViewerPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const download = investorDocumentDownload(Number(id));
  const pdf = usePdfDocument(download);
  // A document the investor may not download is not there for them.
  if (pdf.status === 400 || pdf.status === 403 || pdf.status === 404) return <ErrorPage status={404} />;
  return <PdfViewer pdf={pdf} download={download} />;
}

function PdfViewer({ pdf, download }: { pdf: OpenedPdf; download: string }) {
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(FIT);
  const { ref, width } = useElementSize();
  const title = pdf.filename ?? 'Document';
  usePageTitle(title);
  const pages = pdf.document?.numPages ?? 0;
  const pageWidth = Math.max(0, Math.floor(width * ZOOMS[zoom]));
  return (
    <Stack gap="md">
      <BackLink to="/investor/profile/documents">Documents</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Button component="a" href={download} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Download
        </Button>
      </Group>
      <Paper withBorder radius="md" p="xs">
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <ActionIcon variant="subtle" size="lg" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <IconChevronLeft size={20} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite" miw={90} ta="center">
              {pages ? `Page ${page} of ${pages}` : 'Opening…'}
            </Text>
            <ActionIcon variant="subtle" size="lg" aria-label="Next page" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              <IconChevronRight size={20} aria-hidden />
            </ActionIcon>
          </Group>
          <Group gap={4}>
            <ActionIcon variant="subtle" size="lg" aria-label="Zoom out" disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
              <IconZoomOut size={20} aria-hidden />
            </ActionIcon>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setZoom(FIT)}
              aria-label={`${Math.round(ZOOMS[zoom] * 100)}%, fit to width`}
            >
              {Math.round(ZOOMS[zoom] * 100)}%
            </Button>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label="Zoom in"
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom(zoom + 1)}
            >
              <IconZoomIn size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Paper>
      <Box ref={ref} w="100%">
        {pdf.error ? (
          <Alert color="red" title="This document could not be opened">
            Download it with the button above and open it on your device.
          </Alert>
        ) : !pdf.document || pageWidth === 0 ? (
          <Skeleton h={480} radius="sm" aria-label="Opening the document" />
        ) : (
          // Zoomed past the width, the page scrolls within its own box; the region takes keyboard focus to scroll.
          <Box
            style={{ overflow: 'auto', display: 'flex', justifyContent: pageWidth > width ? 'flex-start' : 'center' }}
            tabIndex={0}
            role="region"
            aria-label={`${title}, page ${page}`}
            bg="gray.1"
            p={pageWidth > width ? 0 : 'xs'}
          >
            <PdfSizedPage key={page} document={pdf.document} pageNumber={page} width={pageWidth} title={title} />
          </Box>
        )}
      </Box>
    </Stack>
  );
}
