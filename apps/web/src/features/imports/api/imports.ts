import type { ImportInspection, ImportKind, ImportMapping, ImportPreview, ImportProgress, ImportRowError } from '@platform/domain';
import { api, ApiError, readXsrfToken } from '../../../app/api-client';

/** The file travels with every step (decision 0017). */
export type Inspection = ImportInspection;
export type Preview = ImportPreview;
export type Progress = ImportProgress;

function formOf(file: File, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', file);
  return data;
}

export const inspectFile = (kind: ImportKind, file: File) =>
  api<{ data: Inspection }>(`/api/imports/${kind}/inspect`, { method: 'POST', body: formOf(file) }).then((r) => r.data);

export const previewFile = (kind: ImportKind, file: File, mapping: ImportMapping) =>
  api<{ data: Preview }>(`/api/imports/${kind}/preview`, { method: 'POST', body: formOf(file, { mapping: JSON.stringify(mapping) }) }).then(
    (r) => r.data,
  );

export class ImportRefused extends ApiError {
  constructor(
    message: string,
    readonly rowErrors: ImportRowError[],
  ) {
    super(422, message);
  }
}

/**
 * Runs the import and reports each progress line the server streams. Not through `api()`: a large
 * file may take longer than its 5-second timeout, and the answer arrives in pieces.
 */
export async function runImport(
  kind: ImportKind,
  file: File,
  mapping: ImportMapping,
  options: { sendInvitations: boolean },
  onProgress: (progress: Progress) => void,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/x-ndjson, application/json' };
  const token = readXsrfToken();
  if (token) headers['X-XSRF-TOKEN'] = token;
  const response = await fetch(`/api/imports/${kind}`, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: formOf(file, { mapping: JSON.stringify(mapping), ...(options.sendInvitations ? { send_invitations: '1' } : {}) }),
  });
  if (response.status === 401) {
    window.location.assign('/api/logout');
    throw new ApiError(401, 'Unauthenticated.');
  }
  if (!response.ok || !response.body) {
    const payload = await response.json().catch(() => null);
    if (payload?.row_errors) throw new ImportRefused(payload.message, payload.row_errors);
    throw new ApiError(response.status, payload?.message ?? 'The import failed.', payload?.errors);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onProgress(JSON.parse(line) as Progress);
    if (done) break;
  }
  if (buffered.trim()) onProgress(JSON.parse(buffered) as Progress);
}
