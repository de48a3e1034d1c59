import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';

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

/** One PDF file opened once, for as long as the page shows it. */
export function usePdfDocument(url: string) {
  const [state, setState] = useState<{ document?: PdfDocument; error?: true }>({});
  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocument | undefined;
    loadPdfJs()
      .then((pdfjs) => pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false, enableXfa: false }).promise)
      .then((document) => {
        opened = document;
        if (!cancelled) setState({ document });
      })
      .catch(() => !cancelled && setState({ error: true }));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);
  return state;
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
