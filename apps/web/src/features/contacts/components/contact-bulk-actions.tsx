import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { BulkResult } from '@platform/domain';
import { api } from '../../../app/api-client';
import { exportHref } from '../../../app/export-href';
import { BulkBar, BulkPick, runBulk } from '../../../ui/bulk-bar';
import { useContactAction } from '../api/contacts';

type Answer = { data: BulkResult };
type Option = { value: string; label: string };

/** The contacts list's bulk actions: assign an owner, change the lead status, export the chosen rows. */
export function ContactBulkActions({
  selected,
  sort,
  owners,
  leadStatuses,
  onDone,
}: {
  selected: ReadonlySet<number>;
  sort: string;
  owners: Option[];
  leadStatuses: Option[];
  onDone: () => void;
}) {
  const ids = [...selected];
  const assign = useContactAction((owner_id: number | null) =>
    api<Answer>('/api/contacts/bulk/owner', { method: 'POST', body: { ids, owner_id } }),
  );
  const status = useContactAction((lead_status_id: number | null) =>
    api<Answer>('/api/contacts/bulk/lead-status', { method: 'POST', body: { ids, lead_status_id } }),
  );
  return (
    <BulkBar count={selected.size} onClear={onDone}>
      <BulkPick
        label="Assign owner"
        pickLabel="Owner"
        none="No owner"
        data={owners}
        busy={assign.isPending}
        onApply={(owner) => runBulk(() => assign.mutateAsync(owner), onDone)}
      />
      <BulkPick
        label="Change lead status"
        pickLabel="Lead status"
        none="No lead status"
        data={leadStatuses}
        busy={status.isPending}
        onApply={(value) => runBulk(() => status.mutateAsync(value), onDone)}
      />
      <Button
        size="compact-sm"
        variant="default"
        component="a"
        href={exportHref('contacts', 'csv', { sort, filters: { ids: ids.join(',') } })}
        download
        leftSection={<IconDownload size={14} aria-hidden />}
      >
        Export selected
      </Button>
    </BulkBar>
  );
}
