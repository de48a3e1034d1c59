import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import { Logo } from './logo';

/** The frame of the public pages (login, register, password pages): logo above a card. */
export function CenteredCard({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={48} px="md">
      <Center>
        <Stack w="100%" maw={width} gap="lg" align="stretch">
          <Center>
            <Logo height={48} />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Title order={1} fz={24} mb="lg">
              {title}
            </Title>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
