import { useState } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileDescription } from '@tabler/icons-react';
import { DateField } from './date-field';
import { isStatementPeriod, periodStartFor } from './statement-period';

/** The calendars open inside this popover, so picking a day does not count as a click outside it. */
const IN_POPOVER = { withinPortal: false };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The "Statement" action: a portfolio statement as at a day, with the transactions from a day, as
 * PDF or CSV. `path` is the statement's API address (the investor's own, or one investor's for staff).
 */
export function StatementDownload({ path }: { path: string }) {
  const [asAt, setAsAt] = useState(today);
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const valid = isStatementPeriod(asAt, from);
  const href = (format: 'pdf' | 'csv') => `${path}?${new URLSearchParams({ as_at: asAt, from, format })}`;
  return (
    <Popover width={300} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFileDescription size={16} aria-hidden />}>
          Statement
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <DateField
            label="As at"
            value={asAt}
            onChange={(day) => {
              setAsAt(day);
              setFrom((start) => periodStartFor(day, start));
            }}
            popoverProps={IN_POPOVER}
          />
          <DateField
            label="Transactions from"
            popoverProps={IN_POPOVER}
            value={from}
            onChange={(day) => setFrom(day)}
            error={valid || !asAt || !from ? undefined : 'The period must start on or before the statement date.'}
          />
          <Text size="xs" c="dimmed">
            Holdings and their value on the date, totals per currency and the transactions of the period.
          </Text>
          <Group gap="xs">
            <Button
              component="a"
              href={valid ? href('pdf') : undefined}
              download
              disabled={!valid}
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download PDF
            </Button>
            <Button component="a" variant="default" href={valid ? href('csv') : undefined} download disabled={!valid}>
              CSV
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
