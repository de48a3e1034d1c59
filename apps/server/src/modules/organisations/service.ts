import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationUsers } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { OrganisationInput } from './schemas';

/** Form input → organisation columns; only the fields sent are written (an edit may send a few). */
export function organisationColumns(input: Partial<OrganisationInput>) {
  const columns: Record<string, unknown> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.type !== undefined) columns.type = input.type;
  if (input.company_number !== undefined) columns.companyNumber = input.company_number;
  if (input.country !== undefined) columns.country = input.country;
  if (input.address !== undefined) columns.address = input.address;
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  return columns;
}

/**
 * Links a person to an organisation in a role, or changes their role if already linked; logged on
 * the organisation. The unique (organisation, user) index makes a concurrent second link a no-op.
 */
export async function linkUser(
  tx: Db,
  link: { organisationId: number; userId: number; role: string },
  request: FastifyRequest,
  via?: { applicationId: number },
) {
  const [before] = await tx
    .select()
    .from(organisationUsers)
    .where(and(eq(organisationUsers.organisationId, link.organisationId), eq(organisationUsers.userId, link.userId)))
    .for('update');
  const [after] = before
    ? await tx.update(organisationUsers).set({ role: link.role }).where(eq(organisationUsers.id, before.id)).returning()
    : await tx
        .insert(organisationUsers)
        .values(link)
        .onConflictDoUpdate({ target: [organisationUsers.organisationId, organisationUsers.userId], set: { role: link.role } })
        .returning();
  await recordActivity(tx, {
    request,
    action: before ? 'user_role_changed' : 'user_linked',
    subjectType: 'organisation',
    subjectId: link.organisationId,
    before: before ?? null,
    after: via ? { ...after, application_id: via.applicationId } : after,
  });
  return after;
}
