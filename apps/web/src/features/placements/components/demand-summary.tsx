import { SimpleGrid } from '@mantine/core';
import { INTENT_OPTION_LABELS, INTENT_OPTIONS, type PlacementDemand } from '@platform/domain';
import { formatMoney } from '../../../app/format';
import { Fact } from '../../../ui/fact';

/** Who was placed, who answered, and the indicative totals by option. */
export function DemandSummary({ demand, currency }: { demand: PlacementDemand; currency: string }) {
  const byOption = new Map(demand.by_option.map((o) => [o.option, o]));
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }}>
      <Fact label="Investors placed" value={String(demand.placed)} />
      <Fact label="Answered" value={String(demand.answered)} />
      <Fact label="Indicative total (interested)" value={formatMoney(demand.indicative_total, currency)} />
      {INTENT_OPTIONS.map((option) => {
        const row = byOption.get(option);
        const count = row?.count ?? 0;
        return (
          <Fact
            key={option}
            label={INTENT_OPTION_LABELS[option]}
            value={option === 'not_interested' ? String(count) : `${count} · ${formatMoney(row?.total ?? '0', currency)}`}
          />
        );
      })}
    </SimpleGrid>
  );
}
