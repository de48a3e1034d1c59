import { z } from 'zod';
import { ACCOUNTING_SERVICES, ACCOUNTING_SYNC_KINDS, ACCOUNTING_SYNC_STATUSES } from '../accounting';
import type { ListSpec } from './common';

export const accountingServiceParams = z.object({
  service: z.enum(ACCOUNTING_SERVICES, { message: 'Unknown accounting service.' }),
});

/** One service: whether the server is configured for it and, when connected, to which organisation. */
export const accountingServiceStatusSchema = z.object({
  service: z.enum(ACCOUNTING_SERVICES),
  label: z.string(),
  configured: z.boolean(),
  /** The settings the server needs, named for whoever configures it. */
  settings: z.array(z.string()),
  connection: z
    .object({
      tenant_name: z.string().nullable(),
      connected_at: z.string(),
      connected_by: z.string().nullable(),
    })
    .nullable(),
});
export type AccountingServiceStatus = z.infer<typeof accountingServiceStatusSchema>;

export const accountingStatusSchema = z.object({ services: z.array(accountingServiceStatusSchema) });
export type AccountingStatus = z.infer<typeof accountingStatusSchema>;

/** Where the browser goes to sign in to the service. */
export const accountingAuthoriseSchema = z.object({ url: z.string() });

/** The service's answer to its sign-in page: a code and the state, or an error. */
export const accountingCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
  session_state: z.string().max(2000).optional(),
});

/** One row of the sync log. */
export const accountingSyncItemSchema = z.object({
  id: z.number().int(),
  service: z.enum(ACCOUNTING_SERVICES),
  kind: z.enum(ACCOUNTING_SYNC_KINDS),
  kind_label: z.string(),
  subject_id: z.number().int(),
  description: z.string(),
  status: z.enum(ACCOUNTING_SYNC_STATUSES),
  status_label: z.string(),
  external_id: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AccountingSyncItem = z.infer<typeof accountingSyncItemSchema>;

export const ACCOUNTING_SYNC_LIST = {
  name: 'accounting_sync_items',
  filters: ['status', 'kind'],
  sorts: ['updated_at', 'id'],
} as const satisfies ListSpec;
