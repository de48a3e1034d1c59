import { useState } from 'react';
import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { BulkResult } from '@platform/domain';
import { api } from '../../../app/api-client';
import { exportHref } from '../../../app/export-href';
import { BulkBar, BulkPick, runBulk } from '../../../ui/bulk-bar';
import { investorFilters, useInvestorAction, useOwners } from '../api/use-investors';

type Answer = { data: BulkResult };

/** The investors list's bulk actions: assign an owner, send the portal invitation, export the chosen rows. */
export function InvestorBulkActions({ selected, sort, onDone }: { selected: ReadonlySet<number>; sort: string; onDone: () => void }) {
  const ids = [...selected];
  const owners = useOwners(selected.size > 0);
  const assign = useInvestorAction((owner_id: number | null) =>
    api<Answer>('/api/users/bulk/owner', { method: 'POST', body: { ids, owner_id } }),
  );
  const invite = useInvestorAction(() => api<Answer>('/api/users/bulk/invite', { method: 'POST', body: { ids } }));
  const [confirming, setConfirming] = useState(false);

  return (
    <BulkBar count={selected.size} onClear={onDone}>
      <BulkPick
        label="Assign owner"
        pickLabel="Owner"
        none="No owner"
        data={(owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
        busy={assign.isPending}
        onApply={(owner) => runBulk(() => assign.mutateAsync(owner), onDone)}
      />
      <Popover opened={confirming} onChange={setConfirming} position="bottom-start" shadow="md" trapFocus withinPortal>
        <Popover.Target>
          <Button size="compact-sm" variant="default" onClick={() => setConfirming((o) => !o)}>
            Send invitation
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" w={260}>
            <Text size="sm">Send each chosen investor a link to set their password? Earlier links they were sent stop working.</Text>
            <Button
              size="xs"
              loading={invite.isPending}
              onClick={() =>
                runBulk(
                  () => invite.mutateAsync(undefined),
                  () => {
                    setConfirming(false);
                    onDone();
                  },
                )
              }
            >
              Send {selected.size === 1 ? '1 invitation' : `${selected.size} invitations`}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Button
        size="compact-sm"
        variant="default"
        component="a"
        href={exportHref('users', 'csv', { sort, filters: investorFilters<Record<string, string>>({ ids: ids.join(',') }) })}
        download
        leftSection={<IconDownload size={14} aria-hidden />}
      >
        Export selected
      </Button>
    </BulkBar>
  );
}
