import { Badge } from '@mantine/core';
import { PA_DEAL_STATUS_LABELS, type PaDealStatus } from '@platform/domain';

const COLOURS: Record<PaDealStatus, string> = { requested: 'yellow', approved: 'green', refused: 'red', executed: 'blue' };

export function PaDealStatusBadge({ status }: { status: PaDealStatus }) {
  return (
    <Badge tt="none" c="dark.8" variant="light" color={COLOURS[status]}>
      {PA_DEAL_STATUS_LABELS[status]}
    </Badge>
  );
}
