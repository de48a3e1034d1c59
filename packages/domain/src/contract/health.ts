import { z } from 'zod';
import { errorBody } from './common';

/** 200: the app and its database answer. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });
/** 503: the database does not answer, or the server is draining before it stops (the one error shape). */
export const healthUnavailableSchema = z.union([z.object({ status: z.literal('unavailable') }), errorBody]);
export type Health = z.infer<typeof healthSchema>;
