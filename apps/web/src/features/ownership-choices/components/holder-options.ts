import { type HolderType, type MyHolders, type OwnershipChoice, formatShare } from '@platform/domain';

/**
 * A holder as a select or radio value: 'personal', or the holder type and its id ('organisation:12').
 * The same encoding serves the choice form and the invest page's picker.
 */
export interface HolderOption {
  value: string;
  label: string;
  description: string;
}

export function holderOptions(holders: MyHolders | undefined): HolderOption[] {
  return [
    { value: 'personal', label: 'Personally', description: 'In your own name.' },
    ...(holders?.organisations ?? []).map((o) => ({
      value: `organisation:${o.id}`,
      label: o.name,
      description: 'Through this organisation.',
    })),
    ...(holders?.investment_method_entities ?? []).map((e) => ({
      value: `investment_method:${e.id}`,
      label: e.name,
      description: 'Through the account with this investment method.',
    })),
    ...(holders?.nominees ?? []).map((n) => ({ value: `nominee:${n.id}`, label: n.name, description: 'Held by this nominee.' })),
  ];
}

const ID_FIELD: Record<Exclude<HolderType, 'personal'>, string> = {
  organisation: 'organisation_id',
  investment_method: 'investment_method_entity_id',
  nominee: 'nominee_id',
};

/** The holder fields a request sends for an encoded holder: `{ holder_type, organisation_id }`. */
export function holderFieldsOf(value: string): Record<string, unknown> {
  const [type, id] = value.split(':') as [HolderType, string | undefined];
  return type === 'personal' || !id ? { holder_type: type } : { holder_type: type, [ID_FIELD[type]]: Number(id) };
}

/** The encoded holder of a saved share. */
export const holderValueOf = (share: OwnershipChoice['shares'][number]) =>
  share.holder_type === 'personal' ? 'personal' : `${share.holder_type}:${share.holder_id}`;

/** "Beaumont Ventures Ltd 60% · Isla Jones 40%", or the one holder of a whole choice. */
export const describeChoice = (choice: OwnershipChoice) =>
  choice.kind === 'whole'
    ? `${choice.shares[0]?.holder_name ?? ''} (whole)`
    : choice.shares.map((s) => `${s.holder_name} ${formatShare(s.percentage)}`).join(' · ');
