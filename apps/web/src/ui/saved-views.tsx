import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconCheck, IconChevronDown, IconDeviceFloppy, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import type { SavedView, SavedViewList } from '@platform/domain';
import { ApiError } from '../app/api-client';
import { useSavedViewActions, useSavedViews } from '../app/list-preferences';
import { sameView, viewState } from '../app/use-list-page';

/**
 * The "Views" menu of a list (decision 0039): pick a saved view (a named filter, sort and column
 * set), save the list as it is now under a name, rename, update or delete one's own views. A view
 * is private unless shared with all staff who may open the list; only its owner changes it.
 */
export function SavedViewsMenu({
  list,
  search,
  hiddenColumns,
  onApply,
}: {
  list: SavedViewList;
  /** The list's URL state now. */
  search: Record<string, unknown>;
  hiddenColumns?: string[];
  onApply: (view: SavedView) => void;
}) {
  const views = useSavedViews(list);
  const actions = useSavedViewActions(list);
  const [editing, setEditing] = useState<{ view?: SavedView } | null>(null);
  const current = views.data?.find((view) => sameView(view.state, search));

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'The view was not saved.' });

  const updateCurrent = (view: SavedView) =>
    actions.update.mutate(
      { id: view.id, state: viewState(search), hidden_columns: hiddenColumns ?? null },
      { onSuccess: () => notifications.show({ color: 'teal', message: `“${view.name}” now shows this list as it is.` }), onError: failed },
    );

  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            {current ? current.name : 'Views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown miw={240}>
          <Menu.Label>Saved views</Menu.Label>
          {views.data?.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py={4}>
              None yet.
            </Text>
          )}
          {views.data?.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => onApply(view)}
              leftSection={view.id === current?.id ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
              rightSection={
                view.shared ? <IconUsers size={14} aria-label={view.mine ? 'Shared with staff' : `Shared by ${view.owner.name}`} /> : null
              }
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={14} aria-hidden />} onClick={() => setEditing({})}>
            Save current view…
          </Menu.Item>
          {current?.mine && (
            <>
              <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing({ view: current })}>
                Rename “{current.name}”…
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() =>
                  actions.remove.mutate(current.id, {
                    onSuccess: () => notifications.show({ color: 'teal', message: `“${current.name}” was deleted.` }),
                    onError: failed,
                  })
                }
              >
                Delete “{current.name}”
              </Menu.Item>
            </>
          )}
          {!current &&
            views.data
              ?.filter((view) => view.mine)
              .slice(0, 5)
              .map((view) => (
                <Menu.Item
                  key={`update-${view.id}`}
                  leftSection={<IconDeviceFloppy size={14} aria-hidden />}
                  onClick={() => updateCurrent(view)}
                >
                  Update “{view.name}” to this
                </Menu.Item>
              ))}
        </Menu.Dropdown>
      </Menu>
      {editing && (
        <ViewNameModal
          view={editing.view}
          onClose={() => setEditing(null)}
          onSave={async (name, shared) => {
            if (editing.view) await actions.update.mutateAsync({ id: editing.view.id, name, shared });
            else await actions.create.mutateAsync({ list, name, shared, state: viewState(search), hidden_columns: hiddenColumns ?? null });
            setEditing(null);
          }}
        />
      )}
    </>
  );
}

function ViewNameModal({
  view,
  onClose,
  onSave,
}: {
  view?: SavedView;
  onClose: () => void;
  onSave: (name: string, shared: boolean) => Promise<void>;
}) {
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState(view?.shared ?? false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(name, shared);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (typeof failure.errors === 'object' && failure.errors.name?.[0]) || failure.message
          : 'The view was not saved.',
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={view ? 'Rename view' : 'Save view'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={80}
          />
          <Checkbox
            label="Share with all staff who can open this list"
            description="Colleagues can pick a shared view; only you can change it."
            checked={shared}
            onChange={(e) => setShared(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A list's own tools: its saved views and its column chooser, a view bringing back its columns too. */
export function ListViewTools({
  list,
  search,
  table,
  applyView,
}: {
  list: SavedViewList;
  search: Record<string, unknown>;
  table: { hidden: string[]; chooser: ReactNode; applyHidden: (next: string[]) => void };
  applyView: (state: SavedView['state']) => void;
}) {
  return (
    <>
      <SavedViewsMenu
        list={list}
        search={search}
        hiddenColumns={table.hidden}
        onApply={(view) => {
          applyView(view.state);
          if (view.hidden_columns) table.applyHidden(view.hidden_columns);
        }}
      />
      {table.chooser}
    </>
  );
}
