import { z } from 'zod';
import { isFullOwnership, OWNERSHIP_KINDS, OWNERSHIP_MAX_HOLDERS, ownershipTotal } from '../ownership';
import { ownershipShareSchema } from './holders';
import { holderFields, holderOf } from './investments';
import { idParam, requiredText } from './fields';

/**
 * Whole-ownership choices (spec §3, decision 0054): an investor's saved ways of holding an
 * investment. `/api/whole-ownership-choices` is the investor's own; staff reach an investor's under
 * `/api/users/{id}/whole-ownership-choices`. The user's `include=ownershipChoices` answers the same items.
 */
export const ownershipChoiceSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  kind: z.enum(OWNERSHIP_KINDS),
  /** The holders in register order (the first is named first) with their shares, adding up to 100. */
  shares: z.array(ownershipShareSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OwnershipChoice = z.infer<typeof ownershipChoiceSchema>;

/** A share of more than 0 and at most 100 percent, with up to 4 decimal places; kept exact as a string. */
const sharePercentage = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text) || Number(text) <= 0 || Number(text) > 100) {
    ctx.addIssue({ code: 'custom', message: 'Enter a share above 0 and at most 100, such as 50 or 33.3333.' });
    return z.NEVER;
  }
  return text;
});

/** One holder of a choice and their share. */
export const ownershipShareInput = z.strictObject({ ...holderFields, percentage: sharePercentage }).transform(holderOf);
export type OwnershipShareInput = z.infer<typeof ownershipShareInput>;

/** The same holder may not appear twice in one choice. */
const holderKey = (share: OwnershipShareInput) =>
  `${share.holder_type}:${share.holder.organisationId ?? share.holder.investmentMethodEntityId ?? share.holder.nomineeId ?? ''}`;

const sharesInput = z
  .array(ownershipShareInput, { message: 'Add the holders and their shares.' })
  .min(1, 'Add at least one holder.')
  .max(OWNERSHIP_MAX_HOLDERS, `A holding has at most ${OWNERSHIP_MAX_HOLDERS} joint holders.`)
  .superRefine((shares, ctx) => {
    const seen = new Set<string>();
    shares.forEach((share, index) => {
      const key = holderKey(share);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'holder_type'], message: 'This holder is already listed.' });
      seen.add(key);
    });
    const percentages = shares.map((share) => share.percentage);
    if (!isFullOwnership(percentages))
      ctx.addIssue({
        code: 'custom',
        message: `The shares add up to ${ownershipTotal(percentages)}%; they must add up to exactly 100%.`,
      });
  });

const choiceFields = {
  name: requiredText(120, 'Name this choice, such as "Through my company".'),
  /** Make this the choice preselected when investing; the investor's other choices stop being the default. */
  is_default: z.boolean().optional(),
  shares: sharesInput,
};

export const createOwnershipChoiceBody = z.strictObject(choiceFields);
export const updateOwnershipChoiceBody = z.strictObject(choiceFields).partial();
export type OwnershipChoiceInput = z.infer<typeof createOwnershipChoiceBody>;
export type OwnershipChoiceUpdate = z.infer<typeof updateOwnershipChoiceBody>;

/** Staff's routes on an investor's choices: `/api/users/{id}/whole-ownership-choices/{choiceId}`. */
export const investorChoiceParams = z.object({ id: idParam, choiceId: idParam });
