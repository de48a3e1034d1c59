import { forwardRef, type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { ActionIcon, Avatar, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowRight, IconArrowUp, IconDots, IconExternalLink, IconGripVertical } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DealDemand } from '@platform/domain';
import type { BoardStage, DealCard as Card } from '../api/deals';
import { formatMoneyCompact } from '../../../app/format';

interface MoveMenuProps {
  card: Card;
  stages: BoardStage[];
  /** Where the card is now: its stage and 0-based place there. */
  stageId: number;
  index: number;
  count: number;
  onMove?: (stageId: number, position?: number) => void;
}

/** "Move to…": the obvious alternative to dragging, for anyone who would rather not drag. */
function MoveMenu({ card, stages, stageId, index, count, onMove }: MoveMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          aria-label={`Move ${card.company_name} to…`}
          onPointerDown={(e) => e.stopPropagation()}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={`/admin/investments/deals/${card.id}/performance`}
          leftSection={<IconExternalLink size={14} aria-hidden />}
        >
          Open deal
        </Menu.Item>
        {onMove && (
          <>
            <Menu.Divider />
            <Menu.Label>Move to…</Menu.Label>
            {stages.map((stage) => (
              <Menu.Item
                key={stage.id}
                disabled={stage.id === stageId}
                leftSection={<IconArrowRight size={14} aria-hidden />}
                onClick={() => onMove(stage.id)}
              >
                {stage.name}
                {stage.id === stageId ? ' (current)' : ''}
              </Menu.Item>
            ))}
            {count > 1 && <Menu.Divider />}
            {index > 0 && (
              <Menu.Item leftSection={<IconArrowUp size={14} aria-hidden />} onClick={() => onMove(stageId, index - 1)}>
                Move up
              </Menu.Item>
            )}
            {index < count - 1 && (
              <Menu.Item leftSection={<IconArrowDown size={14} aria-hidden />} onClick={() => onMove(stageId, index + 1)}>
                Move down
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The drag handle's ref and its keyboard and screen-reader attributes (from dnd-kit's useSortable). */
export type DragHandle = HTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> };

interface Props extends HTMLAttributes<HTMLDivElement> {
  card: Card;
  /** Interest stated by investors the deal is placed with (decision 0062). */
  demand?: DealDemand;
  /** Picking the card up by keyboard: a button of its own, so the card holds no control inside another. */
  handle?: DragHandle;
  menu?: Omit<MoveMenuProps, 'card'>;
  dragging?: boolean;
  overlay?: boolean;
  style?: CSSProperties;
}

/** A deal on the board: company, amount sought, placement interest, industry and owner. */
export const DealCard = forwardRef<HTMLDivElement, Props>(function DealCard(
  { card, demand, menu, handle, dragging, overlay, style, ...rest },
  ref,
) {
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="sm"
      shadow={overlay ? 'lg' : 'xs'}
      className="deal-card"
      data-deal-id={card.id}
      style={{
        cursor: menu?.onMove || overlay ? 'grab' : undefined,
        opacity: dragging ? 0.4 : 1,
        background: 'var(--mantine-color-body)',
        touchAction: 'manipulation',
        ...style,
      }}
      {...rest}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {overlay || !menu ? (
              card.company_name
            ) : (
              <Link
                to="/admin/investments/deals/$id/performance"
                params={{ id: String(card.id) }}
                style={{ color: 'inherit', textDecoration: 'none', display: 'block', minHeight: 24 }}
                draggable={false}
              >
                {card.company_name}
              </Link>
            )}
          </Text>
          <Group gap={2} wrap="nowrap">
            {handle && !overlay && (
              <ActionIcon component="button" variant="subtle" color="gray" size="md" {...handle}>
                <IconGripVertical size={16} aria-hidden />
              </ActionIcon>
            )}
            {menu && !overlay && <MoveMenu card={card} {...menu} />}
          </Group>
        </Group>
        <Text size="sm" fw={500} c="brand.7">
          {formatMoneyCompact(card.amount_sought, card.currency)}
        </Text>
        {demand && (
          <Text size="xs" c="teal.9" fw={500}>
            {demand.interested} interested · {formatMoneyCompact(demand.indicative_total, card.currency)} indicated
          </Text>
        )}
        <Group justify="space-between" gap={6}>
          {card.industry ? (
            <Badge variant="light" color="gray" size="sm" radius="sm" maw="100%" style={{ textTransform: 'none' }}>
              {card.industry}
            </Badge>
          ) : (
            <span />
          )}
          {card.owner ? (
            <Group gap={6} wrap="nowrap" maw="100%" style={{ marginLeft: 'auto' }}>
              <Avatar name={card.owner.name} size={22} radius="xl" color="initials" />
              <Text size="xs" c="dimmed" truncate>
                {card.owner.name}
              </Text>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              No owner
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
});
