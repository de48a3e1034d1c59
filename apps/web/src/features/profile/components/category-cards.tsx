import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CategoryStatement, INVESTOR_CATEGORIES, INVESTOR_CATEGORY_DETAILS, type InvestorCategory } from '@platform/domain';

/**
 * The FCA investor categories as option cards (spec §2.4 "a choice modal presents option cards"), in
 * the firm's wording (Settings › Investor) once it has loaded.
 */
export function CategoryCards({
  value,
  onChange,
  statements = INVESTOR_CATEGORY_DETAILS,
}: {
  value: InvestorCategory | null;
  onChange: (category: InvestorCategory) => void;
  statements?: Record<InvestorCategory, CategoryStatement>;
}) {
  return (
    <Radio.Group value={value} onChange={(v) => onChange(v as InvestorCategory)} aria-label="Investor category">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {INVESTOR_CATEGORIES.map((category) => (
          <Radio.Card
            key={category}
            value={category}
            radius="md"
            p="md"
            withBorder
            style={{ height: '100%', display: 'flex', alignItems: 'flex-start' }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={4}>
                <Text fw={600}>{statements[category].label}</Text>
                <Text size="sm" c="dimmed">
                  {statements[category].summary}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
