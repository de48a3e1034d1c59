import { Badge } from '@mantine/core';
import type { OnboardingDocumentState } from '@platform/domain';

const BADGES: Record<OnboardingDocumentState, { label: string; color: string }> = {
  outstanding: { label: 'Acceptance required', color: 'orange' },
  unread: { label: 'To read', color: 'blue' },
  accepted: { label: 'Accepted', color: 'teal' },
  read: { label: 'Read', color: 'teal' },
  archived: { label: 'Withdrawn', color: 'gray' },
};

/** Where an investor stands with a sign-up document, in words. */
export function StateBadge({ state }: { state: OnboardingDocumentState }) {
  const badge = BADGES[state];
  return (
    <Badge variant="light" color={badge.color} radius="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {badge.label}
    </Badge>
  );
}
