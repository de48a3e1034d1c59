import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  can,
  dataOf,
  discussionPostBody,
  discussionPostSchema,
  discussionSchema,
  OPPORTUNITY_PERMISSION_EVENT,
  Role,
  type Action,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { discussionReplies, opportunityDiscussions, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { idParams } from '@platform/domain';
import { assertMayViewOpportunity } from '../../shared/investor-gates';
import { investorOrOpportunityStaff } from '../../shared/opportunity-access';
import { findOpportunity } from '../../shared/opportunity-visibility';
import { findVisibleOpportunity, marketSoundingPending, type OpportunityRow } from '../../shared/opportunity-visibility';

/**
 * Q&A on an opportunity (DOMAIN.md "Q&A discussions"): investors who may see it ask, staff answer,
 * and every investor who may see it reads the thread. Text is plain (shown as text, never HTML).
 * Investors see their own name on their posts; other investors appear as "An investor".
 */
export function registerDiscussionRoutes(app: App, { db, clock }: AppContext) {
  async function opportunityFor(request: FastifyRequest, id: number, staffAction: Action): Promise<OpportunityRow> {
    const user = requireUser(request);
    if (user.roleId === Role.User) {
      const row = await findVisibleOpportunity(db, user.id, id);
      await assertMayViewOpportunity(db, user, row, clock.now());
      if (await marketSoundingPending(db, user.id, row)) throw notFound('opportunity');
      return row;
    }
    const row = await findOpportunity(db, id);
    if (!row) throw notFound('opportunity');
    if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), staffAction)) throw forbidden();
    return row;
  }

  app.get(
    '/api/investment-opportunities/:id/discussions',
    { schema: { params: idParams, response: { 200: dataOf(z.array(discussionSchema)) } }, onRequest: investorOrOpportunityStaff('show') },
    async (request) => {
      const viewer = requireUser(request);
      const opportunity = await opportunityFor(request, request.params.id, 'show');
      const questions = await db
        .select({
          id: opportunityDiscussions.id,
          body: opportunityDiscussions.body,
          userId: opportunityDiscussions.userId,
          createdAt: opportunityDiscussions.createdAt,
          name: users.name,
          roleId: users.roleId,
        })
        .from(opportunityDiscussions)
        .innerJoin(users, eq(users.id, opportunityDiscussions.userId))
        .where(and(eq(opportunityDiscussions.opportunityId, opportunity.id), isNull(opportunityDiscussions.deletedAt)))
        .orderBy(asc(opportunityDiscussions.createdAt), asc(opportunityDiscussions.id));
      const replies = questions.length
        ? await db
            .select({
              id: discussionReplies.id,
              discussionId: discussionReplies.discussionId,
              body: discussionReplies.body,
              userId: discussionReplies.userId,
              createdAt: discussionReplies.createdAt,
              name: users.name,
              roleId: users.roleId,
            })
            .from(discussionReplies)
            .innerJoin(users, eq(users.id, discussionReplies.userId))
            .where(
              and(
                inArray(
                  discussionReplies.discussionId,
                  questions.map((q) => q.id),
                ),
                isNull(discussionReplies.deletedAt),
              ),
            )
            .orderBy(asc(discussionReplies.createdAt), asc(discussionReplies.id))
        : [];
      const author = (post: { userId: number; name: string; roleId: number }) => {
        if (post.roleId !== Role.User) return { name: post.name, staff: true };
        return { name: viewer.roleId !== Role.User || post.userId === viewer.id ? post.name : 'An investor', staff: false };
      };
      return {
        data: questions.map((q) => ({
          id: q.id,
          body: q.body,
          author: author(q),
          created_at: q.createdAt.toISOString(),
          replies: replies
            .filter((r) => r.discussionId === q.id)
            .map((r) => ({ id: r.id, body: r.body, author: author(r), created_at: r.createdAt.toISOString() })),
        })),
      };
    },
  );

  app.post(
    '/api/investment-opportunities/:id/discussions',
    {
      schema: { params: idParams, body: discussionPostBody, response: { 201: dataOf(discussionPostSchema) } },
      onRequest: investorOrOpportunityStaff('update'),
    },
    async (request, reply) => {
      const opportunity = await opportunityFor(request, request.params.id, 'update');
      const { body } = request.body;
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(opportunityDiscussions)
          .values({ opportunityId: opportunity.id, userId: request.user!.id, body })
          .returning();
        await recordActivity(tx, { request, action: 'question_asked', subjectType: 'opportunity', subjectId: opportunity.id, after: row });
        return row;
      });
      return reply.status(201).send({ data: { id: created.id, body: created.body, created_at: created.createdAt.toISOString() } });
    },
  );

  /** Staff answer any question; an investor may follow up on their own. */
  app.post(
    '/api/discussions/:id/replies',
    {
      schema: { params: idParams, body: discussionPostBody, response: { 201: dataOf(discussionPostSchema) } },
      onRequest: investorOrOpportunityStaff('update'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const [question] = await db
        .select()
        .from(opportunityDiscussions)
        .where(and(eq(opportunityDiscussions.id, request.params.id), isNull(opportunityDiscussions.deletedAt)));
      if (!question) throw notFound('question');
      const opportunity = await opportunityFor(request, question.opportunityId, 'update');
      if (user.roleId === Role.User && question.userId !== user.id) throw notFound('question');
      const { body } = request.body;
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(discussionReplies).values({ discussionId: question.id, userId: user.id, body }).returning();
        await recordActivity(tx, {
          request,
          action: 'question_answered',
          subjectType: 'opportunity',
          subjectId: opportunity.id,
          after: row,
        });
        return row;
      });
      return reply.status(201).send({ data: { id: created.id, body: created.body, created_at: created.createdAt.toISOString() } });
    },
  );
}
