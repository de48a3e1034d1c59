import { ThemeIcon } from '@mantine/core';
import {
  IconBell,
  IconCash,
  IconCoinPound,
  IconFileReport,
  IconFileCertificate,
  IconFileUpload,
  IconMailOpened,
  IconTrendingUp,
  IconUserCheck,
} from '@tabler/icons-react';

const ICONS = {
  update_reports: { icon: IconFileReport, color: 'blue' },
  investment_opportunity_invested: { icon: IconCoinPound, color: 'teal' },
  investment_opportunity_transition_existing: { icon: IconTrendingUp, color: 'grape' },
  investment_opportunity_invited: { icon: IconMailOpened, color: 'orange' },
  investor_payment_sent: { icon: IconCash, color: 'teal' },
  investor_document: { icon: IconFileUpload, color: 'blue' },
  investor_categorisation: { icon: IconUserCheck, color: 'grape' },
  investment_terms: { icon: IconFileCertificate, color: 'orange' },
  cash_call_reminder: { icon: IconCoinPound, color: 'red' },
  deal_placement: { icon: IconMailOpened, color: 'teal' },
} as const;

export function NotificationIcon({ type }: { type: string }) {
  const { icon: Icon, color } = ICONS[type as keyof typeof ICONS] ?? { icon: IconBell, color: 'gray' };
  return (
    <ThemeIcon variant="light" color={color} radius="xl" size={36} aria-hidden>
      <Icon size={20} />
    </ThemeIcon>
  );
}
