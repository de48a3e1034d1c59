import { Alert, Code, SimpleGrid, Text } from '@mantine/core';

/** Recovery codes, shown once after they are made: only their hashes are kept. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <Alert color="yellow" variant="light" title="Save your recovery codes" role="status">
      <Text size="sm" mb="sm">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} fz="sm" data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
    </Alert>
  );
}
