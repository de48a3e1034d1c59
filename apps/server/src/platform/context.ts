import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { BackgroundWork } from './background';
import type { Clock } from './clock';
import type { Mailer } from './mail';
import type { createRealtime } from './realtime';
import type { SessionManager } from './session';
import type { Storage } from './storage';

/** What every module is handed: the parts of the platform it may use. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Database['db'];
  clock: Clock;
  mailer: Mailer;
  /** Work done after the answer (account mails whose timing must not tell whether an account exists). */
  background: BackgroundWork;
  sessions: SessionManager;
  realtime: Realtime;
  storage: Storage;
  appKey: string;
}

/**
 * The app as modules see it: routes declared on it infer `request.params`, `query` and `body` from
 * their zod schemas (no casts), and their return values are checked against the declared responses.
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type Realtime = ReturnType<typeof createRealtime>;
