import { useEffect, useState } from 'react';
import { Alert, Box, Skeleton, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { PdfPage, usePdfDocument } from '../../../ui/pdf-page';

type Opened = NonNullable<ReturnType<typeof usePdfDocument>['document']>;

/** One page at the reader's width, in the page's own proportions once its size is known. */
function Page({ document, pageNumber, width, title }: { document: Opened; pageNumber: number; width: number; title: string }) {
  const [ratio, setRatio] = useState(297 / 210); // A4 until the page says otherwise
  useEffect(() => {
    let cancelled = false;
    void document.getPage(pageNumber).then((page) => {
      const { width: w, height: h } = page.getViewport({ scale: 1 });
      if (!cancelled) setRatio(h / w);
    });
    return () => {
      cancelled = true;
    };
  }, [document, pageNumber]);
  const height = width * ratio;
  return (
    <Box pos="relative" w={width} h={height} bg="white" style={{ boxShadow: 'var(--mantine-shadow-sm)' }}>
      <PdfPage document={document} pageNumber={pageNumber} width={width} height={height} label={`${title}, page ${pageNumber}`} />
    </Box>
  );
}

/** Every page of a PDF, one under the other, drawn by the product's PDF renderer (no plug-in, no script). */
export function PdfPages({ url, title }: { url: string; title: string }) {
  const pdf = usePdfDocument(url);
  const { ref, width } = useElementSize();
  const pageWidth = Math.max(0, Math.floor(width));
  return (
    <Box ref={ref} w="100%">
      {pdf.error ? (
        <Alert color="red">This document could not be opened. Download it with the link above and try again.</Alert>
      ) : !pdf.document || pageWidth === 0 ? (
        <Skeleton h={400} radius="sm" aria-label="Opening the document" />
      ) : (
        <Stack gap="md" align="center">
          {Array.from({ length: pdf.document.numPages }, (_, i) => i + 1).map((pageNumber) => (
            <Page key={pageNumber} document={pdf.document!} pageNumber={pageNumber} width={pageWidth} title={title} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
