import { Select, type SelectProps } from '@mantine/core';
import type { LookupListName } from '@platform/domain';
import { useTerm } from '../../../app/settings';
import { useLookupList } from '../api/lookups';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  list: LookupListName;
  /** The entry's name; '' when none is chosen (forms keep text fields as strings). */
  value?: string | null;
  onChange?: (value: string) => void;
  /** The value the record holds now: offered even when retired, so saving the record keeps it. */
  saved?: string | null;
}

/**
 * A field filled from a lookup list (decision 0027): the list's live entries in order, plus the
 * record's own value when that entry has since been retired. The value is the entry's name. The
 * industries list is labelled with the `industry` term unless the form gives a label.
 */
export function LookupSelect({ list, saved, value, onChange, ...props }: Props) {
  // The industry field is named in the customer's wording unless the form names it itself.
  const industry = useTerm('industry');
  const entries = useLookupList(list);
  const live = (entries.data ?? []).filter((e) => !e.retired).map((e) => ({ value: e.name, label: e.name }));
  const kept = saved && !live.some((o) => o.value === saved) ? [{ value: saved, label: `${saved} (retired)` }] : [];
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="Not in the list"
      label={list === 'industries' ? industry : undefined}
      {...props}
      value={value || null}
      onChange={(chosen) => onChange?.(chosen ?? '')}
      data={[...live, ...kept]}
    />
  );
}
