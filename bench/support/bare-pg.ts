import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * The floor the app's API rows are read against: plain Fastify routes running the same SQL as the
 * app's route straight on `pg` (one pool, no hooks, no schema, no presenter), so a ratio shows
 * what the app adds over the database.
 */
const SESSION_SQL = `
  select s.*, u.*, st.session_idle_minutes, st.session_lifetime_minutes, st.require_staff_two_factor, tf.enabled_at
  from sessions s join users u on u.id = s.user_id
  left join settings st on st.id = 1 left join user_two_factor tf on tf.user_id = s.user_id
  where s.id_hash = $1 and u.deleted_at is null`;
/** The investors list unfiltered, newest first, 50 a page with the owner, as `GET /api/users` asks it. */
const PAGE_SQL = `
  select * from users where deleted_at is null and role_id = 5 order by created_at desc, id limit 50 offset $1`;
const COUNT_SQL = 'select count(*) as total from users where deleted_at is null and role_id = 5';
const OWNERS_SQL = 'select id, name, email from users where id = any($1)';

/**
 * The staff investments list as `GET /api/investments` asks it of a super admin (every opportunity
 * status), newest first, 50 a page, whole rows read by OFFSET and counted on every request: the
 * straightforward SQL the app's list is read against.
 */
const INVESTMENTS_FROM = `
  from investments i join investment_opportunities o on o.id = i.opportunity_id
  where i.deleted_at is null and o.deleted_at is null and o.status = any('{0,1,2,3,4,5,6}'::int[])`;
const INVESTMENTS_PAGE_SQL = `select i.* ${INVESTMENTS_FROM} order by i.created_at desc, i.id limit 50 offset $1`;
const INVESTMENTS_COUNT_SQL = `select count(*) as total ${INVESTMENTS_FROM}`;

/**
 * The overview's money per currency (`GET /api/stats/total-investment-value`) summed over every
 * investment, as the route did before its all-time figures were kept (decision 0076).
 */
const INVESTMENT_VALUE_SQL = `
  select i.currency, count(*) as investments, sum(i.amount) as committed,
    coalesce(sum(i.amount) filter (where i.status in ('paid', 'completed')), 0) as received,
    coalesce(sum(i.amount) filter (where i.status = 'cash_call'), 0) as cash_call_outstanding,
    coalesce(sum(i.amount) filter (where i.created_at >= date_trunc('month', now())), 0) as committed_this_period,
    coalesce(sum(i.amount) filter (where i.status in ('paid', 'completed')
      and coalesce(i.paid_at, i.created_at) >= date_trunc('month', now())), 0) as received_this_period
  from investments i join investment_opportunities o on o.id = i.opportunity_id
  where i.deleted_at is null and i.status <> 'cancelled' and o.deleted_at is null
  group by i.currency order by i.currency`;

export function registerBarePgRoutes(app: FastifyInstance, databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  app.addHook('onClose', () => pool.end());

  app.get('/bare/user', async (request, reply) => {
    const raw = /platform_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!raw) return reply.code(401).send({ message: 'Unauthenticated.' });
    const idHash = createHash('sha256').update(decodeURIComponent(raw)).digest('hex');
    const { rows } = await pool.query(SESSION_SQL, [idHash]);
    if (!rows.length) return reply.code(401).send({ message: 'Unauthenticated.' });
    const { password_hash: _secret, ...user } = rows[0];
    return { data: user };
  });

  app.get<{ Querystring: { page?: string } }>('/bare/investors', async (request) => {
    const page = Number(request.query.page ?? 1);
    const [{ rows }, count] = await Promise.all([pool.query(PAGE_SQL, [(page - 1) * 50]), pool.query(COUNT_SQL)]);
    const owners = await pool.query(OWNERS_SQL, [[...new Set(rows.map((r) => r.owner_id).filter(Boolean))]]);
    const byId = new Map(owners.rows.map((o) => [o.id, o]));
    return {
      data: rows.map(({ password_hash: _secret, ...r }) => ({ ...r, owner: byId.get(r.owner_id) ?? null })),
      total: count.rows[0].total,
    };
  });

  app.get('/bare/investment-value', async () => ({ data: (await pool.query(INVESTMENT_VALUE_SQL)).rows }));

  app.get<{ Querystring: { page?: string } }>('/bare/investments', async (request) => {
    const page = Number(request.query.page ?? 1);
    const [{ rows }, count] = await Promise.all([pool.query(INVESTMENTS_PAGE_SQL, [(page - 1) * 50]), pool.query(INVESTMENTS_COUNT_SQL)]);
    return { data: rows, total: count.rows[0].total };
  });
}
