import { z } from 'zod';
import { IMPORT_KINDS } from '../imports';
import { errorBody } from './common';

/** `/api/imports/{kind}`: what the spreadsheet holds. */
export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });

/**
 * The import form's text fields; the spreadsheet itself is the multipart `file` field (XLSX or CSV,
 * read by the server). The browser sends the file again with each step.
 */
export const importFormBody = z.looseObject({
  mapping: z.unknown().optional().meta({ description: 'JSON text: column index → field name (preview and import).' }),
  send_invitations: z.string().optional().meta({ description: "'1' to e-mail each new investor an invitation (import of investors)." }),
});

export const importRowErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });

/** Step 1: the header row, a guessed mapping and the first rows. */
export const importInspectionSchema = z.object({
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  rows: z.number().int(),
  sample: z.array(z.array(z.string())),
});
export type ImportInspection = z.infer<typeof importInspectionSchema>;

/** Step 2: every row checked with the mapping; `sample` holds the first records as they would be written. */
export const importPreviewSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importRowErrorSchema),
  sample: z.array(z.record(z.string(), z.unknown())),
  /** Good rows that replace a record already held (KPI values: a value already recorded for that company, KPI and period). */
  updates: z.number().int().optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** One line of the import's streamed answer (`application/x-ndjson`). */
export const importProgressSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('checked'), total: z.number().int() }),
  z.object({ phase: z.literal('importing'), done: z.number().int(), total: z.number().int() }),
  z.object({
    phase: z.literal('done'),
    imported: z.number().int(),
    total: z.number().int(),
    invitations: z.number().int(),
    /** Of `imported`, the rows that replaced a record already held (KPI values). */
    updated: z.number().int().optional(),
  }),
  z.object({ phase: z.literal('failed'), message: z.string() }),
]);
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** Step 3's answer: its progress streamed as JSON lines, one `ImportProgress` each, ending with 'done' or 'failed'. */
export const importProgressStream = z.string().meta({
  description: "Progress as JSON lines (application/x-ndjson): {phase:'checked'|'importing'|'done'|'failed', …}.",
});

/** A refused import: nothing was written; `row_errors` names each bad cell. */
export const importRefusedBody = errorBody.extend({ row_errors: z.array(importRowErrorSchema).optional() });
