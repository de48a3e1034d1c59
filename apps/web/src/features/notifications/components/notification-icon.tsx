import { ThemeIcon } from '@mantine/core';
import { IconBell, IconCoinPound, IconFileReport, IconMailOpened, IconTrendingUp } from '@tabler/icons-react';

const ICONS = {
  update_reports: { icon: IconFileReport, color: 'blue' },
  investment_opportunity_invested: { icon: IconCoinPound, color: 'teal' },
  investment_opportunity_transition_existing: { icon: IconTrendingUp, color: 'grape' },
  investment_opportunity_invited: { icon: IconMailOpened, color: 'orange' },
} as const;

export function NotificationIcon({ type }: { type: string }) {
  const { icon: Icon, color } = ICONS[type as keyof typeof ICONS] ?? { icon: IconBell, color: 'gray' };
  return (
    <ThemeIcon variant="light" color={color} radius="xl" size={36} aria-hidden>
      <Icon size={20} />
    </ThemeIcon>
  );
}
