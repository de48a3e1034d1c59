/** A multipart form as a browser sends it: plain fields, and optionally one file in the field "file". */
export function uploadForm(fields: Record<string, string | number>, file?: { data: Buffer | string; filename: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file) form.append('file', new Blob([typeof file.data === 'string' ? file.data : Uint8Array.from(file.data)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  return form;
}
