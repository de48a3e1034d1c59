import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DealDemand } from '@platform/domain';
import { dealKeys, type Board, type BoardStage, type DealCard as Card } from '../api/deals';
import { useLoadMoreDeals } from '../api/board-columns';
import { useMoveDeal } from '../api/move-deal';
import { DealCard } from './deal-card';
import { usePipelineDemand } from '../../placements';
import { formatMoneyCompact } from '../../../app/format';

type Items = Record<string, string[]>;

const stageKey = (id: number) => `stage-${id}`;
const cardKey = (id: number) => `deal-${id}`;
const idOf = (key: UniqueIdentifier) => Number(String(key).split('-')[1]);

const toItems = (board: Board): Items => Object.fromEntries(board.stages.map((s) => [stageKey(s.id), s.deals.map((d) => cardKey(d.id))]));

const SCREEN_READER_INSTRUCTIONS =
  'To move a deal, focus its card and press Space or Enter to pick it up. Use the left and right arrow keys to move it to another stage and the up and down arrow keys to change its place in a stage. Press Space or Enter again to drop it, or Escape to cancel. Each card also has a Move to… menu.';

function SortableDeal({
  card,
  menu,
  disabled,
  demand,
}: {
  card: Card;
  menu: React.ComponentProps<typeof DealCard>['menu'];
  disabled: boolean;
  demand?: DealDemand;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: cardKey(card.id),
    disabled,
  });
  return (
    <DealCard
      ref={setNodeRef}
      card={card}
      demand={demand}
      menu={menu}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
      handle={
        disabled
          ? undefined
          : {
              ...attributes,
              ref: setActivatorNodeRef,
              'aria-roledescription': 'draggable deal',
              'aria-label': `${card.company_name}. Press Space to pick up.`,
            }
      }
    />
  );
}

/**
 * The end of a column with more cards on the server: it loads them when it scrolls into view, and
 * is a button for whoever cannot or does not scroll (keyboard, screen reader, a short screen).
 */
function LoadMore({ stage, onLoad }: { stage: BoardStage; onLoad: () => Promise<void> }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [loading, setLoading] = useState(false);
  const load = useRef(async () => {});
  load.current = async () => {
    setLoading(true);
    try {
      await onLoad();
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void load.current();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  return (
    <Button ref={ref} variant="default" size="xs" loading={loading} onClick={() => void load.current()}>
      Load more deals ({stage.deals_count - stage.deals.length} more in {stage.name})
    </Button>
  );
}

function StageColumn({
  stage,
  keys,
  onLoadMore,
  children,
}: {
  stage: BoardStage;
  keys: string[];
  onLoadMore: () => Promise<void>;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stageKey(stage.id) });
  // While a card is dragged over the column, its count follows the cards it holds.
  const count = stage.deals_count + keys.length - stage.deals.length;
  return (
    <Paper
      component="section"
      aria-label={stage.name}
      radius="md"
      bg={isOver ? 'brand.0' : 'gray.1'}
      p="sm"
      w={272}
      miw={272}
      style={{ display: 'flex', flexDirection: 'column', border: '1px solid var(--mantine-color-gray-3)' }}
      data-stage-id={stage.id}
    >
      <Group justify="space-between" wrap="nowrap" mb={4} gap="xs">
        <Text fw={700} size="sm" truncate>
          {stage.name}
        </Text>
        <Badge variant="white" color="dark" radius="sm" aria-label={`${count} deals`}>
          {count}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {stage.amount_sought ? `${formatMoneyCompact(stage.amount_sought.amount, stage.amount_sought.currency)} sought` : '\u00a0'}
      </Text>
      <SortableContext id={stageKey(stage.id)} items={keys} strategy={verticalListSortingStrategy}>
        <Stack ref={setNodeRef} gap="xs" mih={120} style={{ flex: 1 }} data-testid={`stage-${stage.id}-cards`}>
          {children}
          {keys.length === 0 && (
            <Box p="md" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8, textAlign: 'center' }}>
              <Text size="sm" c="dimmed">
                No deals in this stage
              </Text>
            </Box>
          )}
          {stage.next_after !== null && <LoadMore stage={stage} onLoad={onLoadMore} />}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

/**
 * A pipeline's kanban board. Cards move between and within stages by mouse, touch or keyboard
 * (dnd-kit), or through each card's Move to… menu; moves are optimistic (api/move-deal.ts).
 */
export function DealBoard({ board, canMove }: { board: Board; canMove: boolean }) {
  const move = useMoveDeal(board.id);
  // Interest from placements, for every card of the pipeline in one request.
  const demand = usePipelineDemand(board.id);
  const loadMore = useLoadMoreDeals(board.id, dealKeys.board(board.id));
  const [items, setItems] = useState<Items>(() => toItems(board));
  const [active, setActive] = useState<Card | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const dragging = useRef(false);
  const movedSinceStart = useRef(false);

  useEffect(() => {
    if (!dragging.current) setItems(toItems(board));
  }, [board]);

  const cards = useMemo(() => new Map(board.stages.flatMap((s) => s.deals).map((d) => [cardKey(d.id), d])), [board]);
  const stageName = (key: string) => board.stages.find((s) => stageKey(s.id) === key)?.name ?? '';
  const containerOf = (key: UniqueIdentifier, current = itemsRef.current) =>
    String(key) in current ? String(key) : Object.keys(current).find((k) => current[k].includes(String(key)));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** "Screening, place 2 of 5": where the active card would land over `overKey`. */
  function place(activeKey: UniqueIdentifier, overKey: UniqueIdentifier | undefined) {
    if (overKey === undefined) return null;
    const current = itemsRef.current;
    const container = containerOf(overKey);
    if (!container) return null;
    const list = current[container];
    const inside = list.includes(String(activeKey));
    const count = inside ? list.length : list.length + 1;
    const index = String(overKey) === container ? (inside ? list.indexOf(String(activeKey)) : list.length) : list.indexOf(String(overKey));
    return `${stageName(container)}, place ${index + 1} of ${count}`;
  }

  const name = (key: UniqueIdentifier) => cards.get(String(key))?.company_name ?? 'The deal';
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${name(a.id)}. It is in ${place(a.id, a.id)}.`,
    onDragOver: ({ active: a, over }) => {
      // dnd-kit reports the card over itself as the drag starts: keep the pick-up message then.
      if (over?.id === a.id && !movedSinceStart.current) return undefined;
      movedSinceStart.current = true;
      return over ? `${name(a.id)} is over ${place(a.id, over.id)}.` : `${name(a.id)} is no longer over a stage.`;
    },
    onDragEnd: ({ active: a, over }) =>
      over ? `${name(a.id)} was dropped in ${place(a.id, a.id)}.` : `${name(a.id)} was dropped back where it was.`,
    onDragCancel: ({ active: a }) =>
      `Moving ${name(a.id)} was cancelled. It is back in ${stageName(containerOf(a.id, toItems(board)) ?? '')}.`,
  };

  function onDragStart({ active: a }: DragStartEvent) {
    dragging.current = true;
    movedSinceStart.current = false;
    setActive(cards.get(String(a.id)) ?? null);
  }

  function onDragOver({ active: a, over }: DragOverEvent) {
    if (!over) return;
    const from = containerOf(a.id);
    const to = containerOf(over.id);
    if (!from || !to || from === to) return;
    setItems((prev) => {
      const target = prev[to];
      let index = target.length;
      if (!(String(over.id) in prev)) {
        const overIndex = target.indexOf(String(over.id));
        const translated = a.rect.current.translated;
        const below = translated && translated.top > over.rect.top + over.rect.height / 2;
        index = overIndex >= 0 ? overIndex + (below ? 1 : 0) : target.length;
      }
      return {
        ...prev,
        [from]: prev[from].filter((k) => k !== String(a.id)),
        [to]: [...target.slice(0, index), String(a.id), ...target.slice(index)],
      };
    });
  }

  function finish() {
    dragging.current = false;
    setActive(null);
  }

  function onDragEnd({ active: a, over }: DragEndEvent) {
    finish();
    const container = containerOf(a.id);
    if (!over || !container) {
      setItems(toItems(board));
      return;
    }
    let list = itemsRef.current[container];
    if (containerOf(over.id) === container) {
      const from = list.indexOf(String(a.id));
      const to = String(over.id) === container ? list.length - 1 : list.indexOf(String(over.id));
      if (from !== to && to >= 0) list = arrayMove(list, from, to);
    }
    const next = { ...itemsRef.current, [container]: list };
    setItems(next);
    const card = cards.get(String(a.id))!;
    const stageId = idOf(container);
    const position = list.indexOf(String(a.id));
    const original = board.stages.find((s) => s.id === card.stage_id)?.deals.findIndex((d) => d.id === card.id);
    if (stageId !== card.stage_id || position !== original) move.mutate({ dealId: card.id, stageId, position });
  }

  function onDragCancel() {
    finish();
    setItems(toItems(board));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
    >
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={10}>
        <Group align="stretch" wrap="nowrap" gap="md" pb="sm">
          {board.stages.map((stage) => {
            const keys = items[stageKey(stage.id)] ?? [];
            return (
              <StageColumn key={stage.id} stage={stage} keys={keys} onLoadMore={() => loadMore(stage.id)}>
                {keys.map((key, index) => {
                  const card = cards.get(key);
                  if (!card) return null;
                  return (
                    <SortableDeal
                      key={key}
                      card={card}
                      demand={demand.data?.get(card.id)}
                      disabled={!canMove}
                      menu={{
                        stages: board.stages,
                        stageId: stage.id,
                        index,
                        count: keys.length,
                        onMove: canMove ? (stageId, position) => move.mutate({ dealId: card.id, stageId, position }) : undefined,
                      }}
                    />
                  );
                })}
              </StageColumn>
            );
          })}
        </Group>
      </ScrollArea>
      <DragOverlay>{active ? <DealCard card={active} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}
