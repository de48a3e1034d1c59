import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ButtonLink } from './button-link';

/** The link above a page's title back to where it belongs (its list, its record). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Group>
      <ButtonLink to={to} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {children}
      </ButtonLink>
    </Group>
  );
}
