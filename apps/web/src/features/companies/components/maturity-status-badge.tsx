import { Badge } from '@mantine/core';
import { MATURITY_STATUS_LABELS, type MaturityStatus } from '@platform/domain';

const COLOURS: Record<MaturityStatus, string> = {
  active: 'teal',
  partially_realised: 'blue',
  matured: 'violet',
  exited: 'indigo',
  written_off: 'red',
};

export function MaturityStatusBadge({ status }: { status: MaturityStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" style={{ textTransform: 'none' }}>
      {MATURITY_STATUS_LABELS[status]}
    </Badge>
  );
}
