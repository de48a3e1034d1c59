import { Alert, Box, Skeleton, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { PdfSizedPage, usePdfDocument } from '../../../ui/pdf-page';

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
            <PdfSizedPage key={pageNumber} document={pdf.document!} pageNumber={pageNumber} width={pageWidth} title={title} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
