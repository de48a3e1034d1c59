import { and, eq, ne } from 'drizzle-orm';
import type {
  HolderType,
  InvestmentHolderIds,
  OwnershipChoiceInput,
  OwnershipChoiceUpdate,
  OwnershipShare,
  OwnershipShareInput,
} from '@platform/domain';
import type { Db } from '../../db/client';
import { ownershipChoiceShares, ownershipChoices, users } from '../../db/schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { assertHolder } from '../../shared/holder-ownership';
import type { SettingsRow } from '../../shared/settings';
import { type ChoiceRow, findChoiceRow, holderName, presentChoices } from './presenter';

/**
 * Saving whole-ownership choices (decision 0054). Every holder must be the investor's own when the
 * choice is saved and again when it is used; the shares add up to 100 (the contract checks that
 * exactly); at most one choice is the default (a partial unique index, and the investor's row lock
 * so that two changes of default never race).
 */

/** One of the investor's choices, or 404: another investor's choice is never found. */
export async function findChoice(db: Db, userId: number, id: number): Promise<ChoiceRow> {
  const row = await findChoiceRow(db, userId, id);
  if (!row) throw notFound('ownership choice');
  return row;
}

/** Every holder belongs to the investor; a field error names the share that does not. */
async function assertShares(tx: Db, userId: number, shares: OwnershipShareInput[], settings: SettingsRow) {
  for (const [index, share] of shares.entries())
    await assertHolder(tx, userId, share.holder_type, share.holder, settings, `shares.${index}.`);
}

/** Locks the investor's row: changes of their default wait for one another. */
async function lockInvestor(tx: Db, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function clearDefault(tx: Db, userId: number, except: number | null, now: Date) {
  await tx
    .update(ownershipChoices)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(eq(ownershipChoices.userId, userId), eq(ownershipChoices.isDefault, true), except ? ne(ownershipChoices.id, except) : undefined),
    );
}

async function insertShares(tx: Db, choiceId: number, shares: OwnershipShareInput[]) {
  await tx.insert(ownershipChoiceShares).values(
    shares.map((share, position) => ({
      choiceId,
      position,
      holderType: share.holder_type,
      organisationId: share.holder.organisationId,
      investmentMethodEntityId: share.holder.investmentMethodEntityId,
      nomineeId: share.holder.nomineeId,
      percentage: share.percentage,
    })),
  );
}

export async function createChoice(
  tx: Db,
  settings: SettingsRow,
  userId: number,
  input: OwnershipChoiceInput,
  now: Date,
): Promise<ChoiceRow> {
  await assertShares(tx, userId, input.shares, settings);
  await lockInvestor(tx, userId);
  if (input.is_default) await clearDefault(tx, userId, null, now);
  const [choice] = await tx
    .insert(ownershipChoices)
    .values({ userId, name: input.name, isDefault: input.is_default ?? false, createdAt: now, updatedAt: now })
    .returning();
  await insertShares(tx, choice.id, input.shares);
  return choice;
}

export async function updateChoice(
  tx: Db,
  settings: SettingsRow,
  choice: ChoiceRow,
  input: OwnershipChoiceUpdate,
  now: Date,
): Promise<ChoiceRow> {
  if (input.shares) {
    await assertShares(tx, choice.userId, input.shares, settings);
    await tx.delete(ownershipChoiceShares).where(eq(ownershipChoiceShares.choiceId, choice.id));
    await insertShares(tx, choice.id, input.shares);
  }
  await lockInvestor(tx, choice.userId);
  if (input.is_default) await clearDefault(tx, choice.userId, choice.id, now);
  const [after] = await tx
    .update(ownershipChoices)
    .set({ name: input.name ?? choice.name, isDefault: input.is_default ?? choice.isDefault, updatedAt: now })
    .where(eq(ownershipChoices.id, choice.id))
    .returning();
  return after;
}

/** Makes the choice the investor's default; their previous default stops being one. */
export const markDefault = (tx: Db, settings: SettingsRow, choice: ChoiceRow, now: Date) =>
  updateChoice(tx, settings, choice, { is_default: true }, now);

export async function deleteChoice(tx: Db, choice: ChoiceRow): Promise<void> {
  await tx.delete(ownershipChoices).where(eq(ownershipChoices.id, choice.id));
}

/** How an investment made with a saved choice is held. */
export interface ChosenHolding {
  holderType: HolderType;
  holder: InvestmentHolderIds;
  /** The joint holders and their shares; null when one holder holds the whole. */
  shares: OwnershipShare[] | null;
}

const HOLDER_ID: Record<Exclude<HolderType, 'personal'>, keyof InvestmentHolderIds> = {
  organisation: 'organisationId',
  investment_method: 'investmentMethodEntityId',
  nominee: 'nomineeId',
};

function holderIds(share: Pick<OwnershipShare, 'holder_type' | 'holder_id'>): InvestmentHolderIds {
  const holder: InvestmentHolderIds = { organisationId: null, investmentMethodEntityId: null, nomineeId: null };
  if (share.holder_type !== 'personal') holder[HOLDER_ID[share.holder_type]] = share.holder_id;
  return holder;
}

/**
 * The holding a saved choice gives an investment: its first holder on the investment's holder fields,
 * the whole split kept beside them when joint. Each holder must still be the investor's own.
 */
export async function holdingFromChoice(db: Db, settings: SettingsRow, userId: number, choiceId: number): Promise<ChosenHolding> {
  const row = await findChoiceRow(db, userId, choiceId);
  if (!row) throw validationError({ ownership_choice_id: ['Choose one of your saved ownership choices.'] });
  const [choice] = await presentChoices(db, [row]);
  for (const share of choice.shares) {
    try {
      await assertHolder(db, userId, share.holder_type, holderIds(share), settings);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw validationError({
        ownership_choice_id: [`${share.holder_name} can no longer hold your investments: change the choice "${choice.name}" first.`],
      });
    }
  }
  const [first] = choice.shares;
  return { holderType: first.holder_type, holder: holderIds(first), shares: choice.kind === 'joint' ? choice.shares : null };
}

/**
 * "Save as my default" when investing: the saved choice used becomes the default, or a holder chosen
 * for this investment alone is saved as a whole-ownership default (an existing whole choice of the
 * same holder is reused).
 */
export async function keepAsDefault(
  tx: Db,
  settings: SettingsRow,
  userId: number,
  used: { choiceId: number } | { holderType: HolderType; holder: InvestmentHolderIds },
  now: Date,
): Promise<void> {
  if ('choiceId' in used) {
    await markDefault(tx, settings, await findChoice(tx, userId, used.choiceId), now);
    return;
  }
  const mine = await presentChoices(tx, await tx.select().from(ownershipChoices).where(eq(ownershipChoices.userId, userId)));
  const ids = used.holder;
  const same = mine.find(
    (c) =>
      c.kind === 'whole' &&
      c.shares[0].holder_type === used.holderType &&
      c.shares[0].holder_id === (ids.organisationId ?? ids.investmentMethodEntityId ?? ids.nomineeId),
  );
  if (same) {
    await markDefault(tx, settings, await findChoice(tx, userId, same.id), now);
    return;
  }
  const name = used.holderType === 'personal' ? 'Personally' : await holderName(tx, userId, used.holderType, ids);
  await createChoice(
    tx,
    settings,
    userId,
    { name, is_default: true, shares: [{ holder_type: used.holderType, percentage: '100', holder: used.holder }] },
    now,
  );
}
