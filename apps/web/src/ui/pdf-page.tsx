import { useEffect, useRef, useState } from 'react';
import { Box, Center, Loader, Text } from '@mantine/core';

/**
 * pdf.js (Mozilla's PDF renderer) loaded on first use, so only the pages that show a PDF pay for
 * it. Its worker is a file of the build, served from our own origin as the CSP requires; scripts
 * inside PDFs are never run and eval is off.
 */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

type PdfDocument = Awaited<ReturnType<Awaited<ReturnType<typeof loadPdfJs>>['getDocument']>['promise']>;

/** What opening a PDF came to: the document, or why not (the HTTP status when the server refused it). */
export interface OpenedPdf {
  document?: PdfDocument;
  error?: true;
  status?: number;
  /** The file's name as the server sends it (Content-Disposition), once it has answered. */
  filename?: string;
}

/** The name a Content-Disposition header gives a file: the UTF-8 form first, else the plain one. */
function filenameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/**
 * One PDF file opened once, for as long as the page shows it. The file is fetched here (with the
 * session's cookies) so a refusal keeps its status: a document the person may not see is a 404.
 */
export function usePdfDocument(url: string) {
  const [state, setState] = useState<OpenedPdf>({});
  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocument | undefined;
    setState({});
    (async () => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) {
        if (!cancelled) setState({ error: true, status: response.status });
        return;
      }
      const filename = filenameOf(response.headers.get('content-disposition'));
      const [pdfjs, data] = await Promise.all([loadPdfJs(), response.arrayBuffer()]);
      const document = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, enableXfa: false }).promise;
      opened = document;
      if (cancelled) void document.destroy();
      else setState({ document, filename });
    })().catch(() => !cancelled && setState({ error: true }));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);
  return state;
}

/** One page at a given width, in the page's own proportions once its size is known (A4 until then). */
export function PdfSizedPage({
  document,
  pageNumber,
  width,
  title,
}: {
  document: PdfDocument;
  pageNumber: number;
  width: number;
  title: string;
}) {
  const [ratio, setRatio] = useState(297 / 210);
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

/**
 * One page of a PDF drawn to fill `width` CSS pixels, sharp on high-density screens. Children are
 * laid over the page (placement marks); the box keeps the page's proportions while it draws.
 */
export function PdfPage({
  document,
  pageNumber,
  width,
  height,
  label,
}: {
  document: PdfDocument | undefined;
  pageNumber: number;
  width: number;
  height: number;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<'drawing' | 'done' | 'failed'>('drawing');
  useEffect(() => {
    if (!document || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    let cancelled = false;
    setDrawn('drawing');
    document
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled || !canvas.current) return;
        const density = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * density });
        canvas.current.width = Math.floor(viewport.width);
        canvas.current.height = Math.floor(viewport.height);
        task = page.render({ canvas: canvas.current, viewport });
        return task.promise.then(() => !cancelled && setDrawn('done'));
      })
      .catch((error: { name?: string }) => !cancelled && error?.name !== 'RenderingCancelledException' && setDrawn('failed'));
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, pageNumber, width]);
  return (
    <>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        style={{ position: 'absolute', inset: 0, width, height, display: drawn === 'failed' ? 'none' : 'block' }}
      />
      {drawn !== 'done' && (
        <Center style={{ position: 'absolute', inset: 0 }}>
          {drawn === 'drawing' ? (
            <Loader size="sm" aria-label="Drawing the page" />
          ) : (
            <Text size="sm" c="dimmed">
              This page could not be shown.
            </Text>
          )}
        </Center>
      )}
    </>
  );
}
