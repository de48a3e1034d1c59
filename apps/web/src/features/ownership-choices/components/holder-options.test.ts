import { describe, expect, it } from 'vitest';
import type { OwnershipChoice } from '@platform/domain';
import { describeChoice, holderFieldsOf, holderOptions, holderValueOf } from './holder-options';

const share = (over: Partial<OwnershipChoice['shares'][number]>) => ({
  holder_type: 'personal' as const,
  holder_type_label: 'Personally',
  holder_id: null,
  holder_name: 'Isla Jones',
  percentage: '100',
  ...over,
});

describe('holder options', () => {
  it('encodes each holder and sends the id field its type needs', () => {
    const values = holderOptions({
      organisations: [{ id: 3, name: 'Beaumont' }],
      investment_method_entities: [{ id: 7, name: 'SIPP (S-1)' }],
      nominees: [{ id: 9, name: 'Crown' }],
    }).map((o) => o.value);
    expect(values).toEqual(['personal', 'organisation:3', 'investment_method:7', 'nominee:9']);
    expect(holderFieldsOf('personal')).toEqual({ holder_type: 'personal' });
    expect(holderFieldsOf('organisation:3')).toEqual({ holder_type: 'organisation', organisation_id: 3 });
    expect(holderFieldsOf('investment_method:7')).toEqual({ holder_type: 'investment_method', investment_method_entity_id: 7 });
    expect(holderFieldsOf('nominee:9')).toEqual({ holder_type: 'nominee', nominee_id: 9 });
    expect(holderValueOf(share({ holder_type: 'organisation', holder_id: 3 }))).toBe('organisation:3');
  });

  it('describes whole and joint choices', () => {
    const base = { id: 1, user_id: 1, name: 'X', is_default: false, created_at: '', updated_at: '' };
    expect(describeChoice({ ...base, kind: 'whole', shares: [share({})] })).toBe('Isla Jones (whole)');
    expect(
      describeChoice({
        ...base,
        kind: 'joint',
        shares: [
          share({ holder_type: 'organisation', holder_id: 3, holder_name: 'Beaumont', percentage: '60' }),
          share({ percentage: '40' }),
        ],
      }),
    ).toBe('Beaumont 60% · Isla Jones 40%');
  });
});
