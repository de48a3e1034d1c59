import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { INVESTOR_CATEGORIES, INVESTOR_CATEGORY_DETAILS, type InvestorCategory } from '@platform/domain';

/** The FCA investor categories as option cards (spec §2.4 "a choice modal presents option cards"). */
export function CategoryCards({ value, onChange }: { value: InvestorCategory | null; onChange: (category: InvestorCategory) => void }) {
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
                <Text fw={600}>{INVESTOR_CATEGORY_DETAILS[category].label}</Text>
                <Text size="sm" c="dimmed">
                  {INVESTOR_CATEGORY_DETAILS[category].summary}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
