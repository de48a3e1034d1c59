import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { formatShare, OWNERSHIP_KIND_LABELS } from '@platform/domain';
import { DeleteRecordButton } from '../../../ui/delete-record-button';
import { EmptyState } from '../../../ui/empty-state';
import { type OwnershipChoice, useOwnershipChoiceActions, useOwnershipChoices } from '../api/ownership-choices';
import { OwnershipChoiceForm } from './ownership-choice-form';

function ChoiceCard({ choice, investorId, canWrite }: { choice: OwnershipChoice; investorId?: number; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const { makeDefault, remove } = useOwnershipChoiceActions(investorId);
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={choice.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Group gap="xs">
              <Text fw={600}>{choice.name}</Text>
              {choice.is_default && (
                <Badge color="teal" variant="light">
                  Default
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {OWNERSHIP_KIND_LABELS[choice.kind]}
            </Text>
          </div>
          {canWrite && (
            <Group gap="xs">
              {!choice.is_default && (
                <Button size="xs" variant="light" loading={makeDefault.isPending} onClick={() => makeDefault.mutate(choice.id)}>
                  Make default
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                Change
              </Button>
              <DeleteRecordButton
                name={choice.name}
                what="ownership choice"
                consequence="Investments already made keep how they are held; only this saved choice goes."
                remove={() => remove.mutateAsync(choice.id)}
                pending={remove.isPending}
                onDeleted={() => undefined}
              />
            </Group>
          )}
        </Group>
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {choice.shares.map((share) => (
            <Text key={`${share.holder_type}:${share.holder_id}`} component="li" size="sm">
              {share.holder_name} — {share.holder_type_label.toLowerCase()}, {formatShare(share.percentage)}
            </Text>
          ))}
        </Stack>
      </Stack>
      {editing && <OwnershipChoiceForm investorId={investorId} choice={choice} opened onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/**
 * The saved whole-ownership choices of the investor (or, given an id, of an investor staff are
 * looking at), the default first, with adding, changing, making default and deleting.
 */
export function OwnershipChoicesPanel({ investorId, canWrite = true }: { investorId?: number; canWrite?: boolean }) {
  const choices = useOwnershipChoices(investorId);
  const [adding, setAdding] = useState(false);
  if (!choices.data) return <Skeleton h={160} radius="md" />;
  return (
    <Stack gap="md">
      {canWrite && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            New ownership choice
          </Button>
        </Group>
      )}
      {choices.data.length ? (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {choices.data.map((choice) => (
            <ChoiceCard key={choice.id} choice={choice} investorId={investorId} canWrite={canWrite} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <EmptyState icon={IconUsersGroup} title="No saved ownership choices">
            Save how investments are held — personally, through an organisation, a pension or ISA account, a nominee, or jointly — and pick
            it when investing.
          </EmptyState>
        </Paper>
      )}
      {adding && <OwnershipChoiceForm investorId={investorId} opened onClose={() => setAdding(false)} />}
    </Stack>
  );
}
