import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  HOLDER_TYPE_LABELS,
  ownershipKind,
  type HolderType,
  type InvestmentHolderIds,
  type OwnershipChoice,
  type OwnershipShare,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  nominees,
  organisations,
  ownershipChoiceShares,
  ownershipChoices,
  users,
} from '../../db/schema';

export type ChoiceRow = typeof ownershipChoices.$inferSelect;
type ShareRow = typeof ownershipChoiceShares.$inferSelect;

/** The id of whoever holds a share: the organisation, the method account or the nominee; none when personal. */
const holderIdOf = (share: Pick<ShareRow, 'organisationId' | 'investmentMethodEntityId' | 'nomineeId'>) =>
  share.organisationId ?? share.investmentMethodEntityId ?? share.nomineeId ?? null;

const unique = (ids: Array<number | null>) => [...new Set(ids.filter((id): id is number => id != null))];

/** Names every holder of the shares at once: people by name, organisations and nominees by theirs, accounts "Method (reference)". */
async function holderNames(db: Db, shares: Array<ShareRow & { userId: number }>) {
  const ids = (type: HolderType) =>
    unique(shares.filter((s) => s.holderType === type).map((s) => (type === 'personal' ? s.userId : holderIdOf(s))));
  const byId = async (rows: Promise<Array<{ id: number; name: string }>>) => new Map((await rows).map((r) => [r.id, r.name]));
  const none = Promise.resolve([]);
  const [people, orgs, accounts, held] = await Promise.all([
    byId(
      ids('personal').length
        ? db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, ids('personal')))
        : none,
    ),
    byId(
      ids('organisation').length
        ? db
            .select({ id: organisations.id, name: organisations.name })
            .from(organisations)
            .where(inArray(organisations.id, ids('organisation')))
        : none,
    ),
    ids('investment_method').length
      ? db
          .select({ id: investmentMethodEntities.id, method: investmentMethods.name, reference: investmentMethodEntities.reference })
          .from(investmentMethodEntities)
          .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
          .where(inArray(investmentMethodEntities.id, ids('investment_method')))
      : Promise.resolve([]),
    byId(
      ids('nominee').length
        ? db
            .select({ id: nominees.id, name: nominees.name })
            .from(nominees)
            .where(inArray(nominees.id, ids('nominee')))
        : none,
    ),
  ]);
  const methodAccounts = new Map(accounts.map((a) => [a.id, a.reference ? `${a.method} (${a.reference})` : a.method]));
  const names: Record<HolderType, Map<number, string>> = {
    personal: people,
    organisation: orgs,
    investment_method: methodAccounts,
    nominee: held,
  };
  return (share: ShareRow & { userId: number }) => {
    const type = share.holderType as HolderType;
    return names[type].get(type === 'personal' ? share.userId : (holderIdOf(share) as number)) ?? '';
  };
}

/** The name of one holder of the investor's, as a share of theirs would show it. */
export async function holderName(db: Db, userId: number, holderType: HolderType, holder: InvestmentHolderIds): Promise<string> {
  const share = { id: 0, choiceId: 0, position: 0, holderType, ...holder, percentage: '100', userId };
  return (await holderNames(db, [share]))(share);
}

/** A share as the answer (and an investment's snapshot, decision 0054) gives it. */
function presentShare(share: ShareRow, name: string): OwnershipShare {
  const type = share.holderType as HolderType;
  return {
    holder_type: type,
    holder_type_label: HOLDER_TYPE_LABELS[type],
    holder_id: holderIdOf(share),
    holder_name: name,
    // numeric(7,4) reads as '60.0000': shown without the trailing zeros, still exact.
    percentage: share.percentage.includes('.') ? share.percentage.replace(/\.?0+$/, '') : share.percentage,
  };
}

/** Presents choices with their holders named, in the order given. */
export async function presentChoices(db: Db, choices: ChoiceRow[]): Promise<OwnershipChoice[]> {
  if (!choices.length) return [];
  const owner = new Map(choices.map((c) => [c.id, c.userId]));
  const shares = (
    await db
      .select()
      .from(ownershipChoiceShares)
      .where(
        inArray(
          ownershipChoiceShares.choiceId,
          choices.map((c) => c.id),
        ),
      )
      .orderBy(asc(ownershipChoiceShares.choiceId), asc(ownershipChoiceShares.position))
  ).map((s) => ({ ...s, userId: owner.get(s.choiceId) as number }));
  const nameOf = await holderNames(db, shares);
  return choices.map((choice) => {
    const own = shares.filter((s) => s.choiceId === choice.id).map((s) => presentShare(s, nameOf(s)));
    return {
      id: choice.id,
      user_id: choice.userId,
      name: choice.name,
      is_default: choice.isDefault,
      kind: ownershipKind(own.length),
      shares: own,
      created_at: choice.createdAt.toISOString(),
      updated_at: choice.updatedAt.toISOString(),
    };
  });
}

/** The choices of some investors, each one's default first, then by name. */
export function choicesOf(db: Db, userIds: number[]) {
  return db
    .select()
    .from(ownershipChoices)
    .where(inArray(ownershipChoices.userId, userIds))
    .orderBy(asc(ownershipChoices.userId), desc(ownershipChoices.isDefault), asc(ownershipChoices.name), asc(ownershipChoices.id));
}

/** One of the investor's choices; another person's is not found. */
export async function findChoiceRow(db: Db, userId: number, id: number): Promise<ChoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(ownershipChoices)
    .where(and(eq(ownershipChoices.id, id), eq(ownershipChoices.userId, userId)));
  return row;
}
