import { useState } from 'react';
import { Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MODAL_WIDTH, type MyTermAcceptance } from '@platform/domain';
import { RichText } from '../../../ui/rich-text';
import { useMyTermAcceptances } from '../api/term-conditions';
import { termsAcceptedLabel } from './terms-label';

/** The investor's documents page: every version of investment terms they accepted, to read again as accepted. */
export function MyAcceptedTerms() {
  const acceptances = useMyTermAcceptances();
  const [reading, setReading] = useState<MyTermAcceptance | null>(null);
  if (acceptances.data?.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Investment terms
          </Title>
          <Text size="sm" c="dimmed">
            The terms you accepted for your investments, in the version you accepted.
          </Text>
        </div>
        {acceptances.data ? (
          <Stack gap={0}>
            {acceptances.data.map((a) => (
              <Group
                key={a.id}
                justify="space-between"
                py="sm"
                wrap="nowrap"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div>
                  <Text fw={600}>{a.opportunity.name}</Text>
                  <Text size="sm" c="dimmed">
                    {termsAcceptedLabel(a.version, a.accepted_at)}
                  </Text>
                </div>
                <Button
                  variant="light"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  onClick={() => setReading(a)}
                  aria-label={`Read version ${a.version} of the terms of ${a.opportunity.name}`}
                >
                  Read
                </Button>
              </Group>
            ))}
          </Stack>
        ) : (
          <Skeleton h={80} />
        )}
      </Stack>
      <Modal
        opened={reading !== null}
        onClose={() => setReading(null)}
        title={reading ? `${reading.opportunity.name}: investment terms, version ${reading.version}` : ''}
        size={MODAL_WIDTH.default}
      >
        {reading && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {termsAcceptedLabel(reading.version, reading.accepted_at)}
            </Text>
            <RichText html={reading.body} />
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
