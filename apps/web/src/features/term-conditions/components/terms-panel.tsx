import { Accordion, Badge, Checkbox, Group, Paper, ScrollArea, Stack, Text, type CheckboxProps } from '@mantine/core';
import type { CurrentTermCondition } from '@platform/domain';
import { RichText } from '../../../ui/rich-text';

/**
 * The opportunity's current investment terms, open to read in place, and the checkbox that accepts
 * exactly that version (the request carries its id; decision 0053).
 */
export function TermsPanel({ terms, checkbox }: { terms: NonNullable<CurrentTermCondition>; checkbox: CheckboxProps }) {
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Accordion defaultValue="terms" chevronPosition="right">
          <Accordion.Item value="terms" style={{ borderBottom: 0 }}>
            <Accordion.Control>
              <Group gap="xs">
                <Text fw={600}>Investment terms</Text>
                <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                  Version {terms.version}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <ScrollArea.Autosize mah={280} type="auto" tabIndex={0} aria-label={`Investment terms, version ${terms.version}`}>
                <RichText html={terms.body} />
              </ScrollArea.Autosize>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Paper>
      <Checkbox label={`I have read and accept version ${terms.version} of the investment terms`} {...checkbox} />
    </Stack>
  );
}
