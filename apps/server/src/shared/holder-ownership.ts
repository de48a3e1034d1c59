import { and, eq, isNull } from 'drizzle-orm';
import type { HolderType, InvestmentHolderIds as Holder } from '@platform/domain';
import type { Db } from '../db/client';
import { investmentMethodEntities, nominees, organisations, organisationUsers } from '../db/schema';
import { validationError } from '../platform/errors';
import { flagOn, type SettingsRow } from './settings';

/**
 * The holder must be the investor's own: an organisation they are linked to, their account with an
 * investment method, or a nominee when the tenant offers nominees. Investing and saved whole-ownership
 * choices (decision 0054) ask the same.
 */
export async function assertHolder(
  db: Db,
  userId: number,
  holderType: HolderType,
  holder: Holder,
  settings: SettingsRow,
  /** Where the holder's fields sit in the body, as 'shares.1.' for a choice's second holder. */
  path = '',
): Promise<void> {
  if (holderType === 'organisation') {
    const [link] = await db
      .select({ id: organisationUsers.id })
      .from(organisationUsers)
      .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
      .where(
        and(
          eq(organisationUsers.organisationId, holder.organisationId!),
          eq(organisationUsers.userId, userId),
          isNull(organisations.deletedAt),
        ),
      );
    if (!link) throw validationError({ [`${path}organisation_id`]: ['Choose an organisation the investor is linked to.'] });
  } else if (holderType === 'investment_method') {
    const [entity] = await db
      .select({ id: investmentMethodEntities.id })
      .from(investmentMethodEntities)
      .where(
        and(
          eq(investmentMethodEntities.id, holder.investmentMethodEntityId!),
          eq(investmentMethodEntities.userId, userId),
          isNull(investmentMethodEntities.deletedAt),
        ),
      );
    if (!entity)
      throw validationError({ [`${path}investment_method_entity_id`]: ["Choose one of the investor's investment method accounts."] });
  } else if (holderType === 'nominee') {
    if (!flagOn(settings, 'nominee_enabled'))
      throw validationError({ [`${path}holder_type`]: ['Investing through a nominee is not available.'] });
    const [nominee] = await db
      .select({ id: nominees.id })
      .from(nominees)
      .where(and(eq(nominees.id, holder.nomineeId!), isNull(nominees.deletedAt)));
    if (!nominee) throw validationError({ [`${path}nominee_id`]: ['Choose a nominee.'] });
  }
}
