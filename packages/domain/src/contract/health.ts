import { z } from 'zod';

/** 200: the app and its database answer. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });
/** 503: the database does not answer. */
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable') });
export type Health = z.infer<typeof healthSchema>;
