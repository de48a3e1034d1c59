import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A secret the server sends only once (an API token, a trigger's signing secret): shown in full
 * with a copy button until the person says they are done; it cannot be read again.
 */
export function ShownOnce({
  title,
  advice,
  value,
  copyLabel,
  testId,
  onDone,
}: {
  title: string;
  advice: string;
  value: string;
  copyLabel: string;
  testId: string;
  onDone: () => void;
}) {
  return (
    <Alert color="teal" variant="light" title={title} role="status">
      <Stack gap="xs">
        <Text size="sm">{advice}</Text>
        <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy}>
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
