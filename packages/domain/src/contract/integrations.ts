import { z } from 'zod';
import { TRIGGER_CHANNELS, TRIGGER_DELIVERY_STATUSES, TRIGGER_EVENTS } from '../triggers';
import type { ListSpec } from './common';
import { idParam } from './fields';

const name = z.string().trim().min(1, 'Enter a name.').max(100, 'Keep the name under 100 characters.');

/** A personal API token as its owner sees it: never the token itself, which is shown once. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  read_only: z.boolean(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time `token` is ever sent. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const createApiTokenBody = z.object({
  name,
  read_only: z.boolean().default(false),
  /** A calendar day (YYYY-MM-DD): the token works until the end of it (UTC). Null: no expiry. */
  expires_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
    .nullable()
    .default(null),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

/** Staff who may be sent a trigger's e-mail. */
export const triggerRecipientSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const triggerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event: z.enum(TRIGGER_EVENTS),
  event_label: z.string(),
  url: z.string().nullable(),
  has_secret: z.boolean(),
  email_recipients: z.array(triggerRecipientSchema),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Trigger = z.infer<typeof triggerSchema>;

/** The answer to creating a trigger or rotating its secret: the only time `secret` is sent. */
export const triggerWithSecretSchema = triggerSchema.extend({ secret: z.string().nullable() });
export type TriggerWithSecret = z.infer<typeof triggerWithSecretSchema>;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'Keep the address under 2000 characters.')
  .refine((value) => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Enter a web address starting https://.');

const triggerFields = {
  name,
  event: z.enum(TRIGGER_EVENTS, { message: 'Choose an event.' }),
  url: webhookUrl.nullable().default(null),
  email_user_ids: z.array(z.number().int().positive()).max(50, 'Choose at most 50 people.').default([]),
  active: z.boolean().default(true),
};

const oneChannel = (value: { url: string | null; email_user_ids: number[] }) => Boolean(value.url) || value.email_user_ids.length > 0;
const oneChannelIssue = { message: 'Give a webhook address, choose people to e-mail, or both.', path: ['url'] };

export const createTriggerBody = z
  .object({
    ...triggerFields,
    /** Leave out to have one generated. */
    secret: z.string().min(16, 'Use a secret of at least 16 characters.').max(200).optional(),
  })
  .refine(oneChannel, oneChannelIssue);
export type CreateTriggerBody = z.input<typeof createTriggerBody>;

export const updateTriggerBody = z.object(triggerFields).refine(oneChannel, oneChannelIssue);
export type UpdateTriggerBody = z.input<typeof updateTriggerBody>;

export const triggerDeliverySchema = z.object({
  id: z.number().int(),
  delivery_id: z.string(),
  trigger_id: z.number().int(),
  event_id: z.string(),
  event: z.enum(TRIGGER_EVENTS),
  channel: z.enum(TRIGGER_CHANNELS),
  status: z.enum(TRIGGER_DELIVERY_STATUSES),
  status_label: z.string(),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  replay_of: z.number().int().nullable(),
  created_at: z.string(),
});
export type TriggerDelivery = z.infer<typeof triggerDeliverySchema>;

export const triggerDeliveryParams = z.object({ id: idParam, deliveryId: idParam });

export const TRIGGER_DELIVERY_LIST = {
  name: 'trigger_deliveries',
  filters: ['status'],
  sorts: ['id'],
} as const satisfies ListSpec;
