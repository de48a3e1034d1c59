import { useState } from 'react';
import { ActionIcon, Group, Kbd, Loader, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { SEARCH_MIN_LENGTH } from '@platform/domain';
import { useSearch } from '../api/use-search';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** The keys that open the search anywhere in the back office but in a text field. */
const SHORTCUTS = ['mod + K', '/'];

/**
 * The admin header's search (decision 0030): `/`, Ctrl-K or Cmd-K, or the header's button opens it;
 * results come grouped by kind, the arrow keys move through them and Enter opens the record. A
 * field on wide screens, an icon button on narrow ones.
 */
export function SearchSpotlight() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 200);
  const search = useSearch(debounced);
  const navigate = useNavigate();
  const os = useOs();
  const ready = query.trim().length >= SEARCH_MIN_LENGTH;
  const groups = ready ? (search.data?.groups ?? []) : [];

  return (
    <>
      <UnstyledButton
        visibleFrom="md"
        onClick={() => spotlight.open()}
        aria-keyshortcuts="/ Control+K Meta+K"
        px="sm"
        py={6}
        w={260}
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, color: 'var(--mantine-color-gray-7)' }}
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap">
            <IconSearch size={16} aria-hidden />
            <Text size="sm">Find anything</Text>
          </Group>
          <Kbd size="xs">{os === 'macos' ? '⌘ K' : 'Ctrl K'}</Kbd>
        </Group>
      </UnstyledButton>
      <ActionIcon hiddenFrom="md" variant="subtle" color="gray" size="lg" onClick={() => spotlight.open()} aria-label="Find anything">
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <Spotlight.Root
        query={query}
        onQueryChange={setQuery}
        shortcut={SHORTCUTS}
        scrollable
        maxHeight={480}
        // The dialog's name, for screen readers only: the search field says the rest.
        title="Search"
        styles={{ header: VISUALLY_HIDDEN }}
      >
        <Spotlight.Search
          placeholder="Search investors, deals, documents…"
          aria-label="Search the back office"
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={search.isFetching && ready ? <Loader size="xs" /> : null}
        />
        <Spotlight.ActionsList aria-label="Search results">
          {groups.map((group) => (
            <Spotlight.ActionsGroup key={group.kind} label={group.label}>
              {group.results.map((result) => (
                <Spotlight.Action
                  key={`${group.kind}-${result.id}`}
                  label={result.title}
                  description={result.subtitle ?? undefined}
                  onClick={() => navigate({ to: result.href })}
                />
              ))}
            </Spotlight.ActionsGroup>
          ))}
          {!ready && <Spotlight.Empty>Type at least {SEARCH_MIN_LENGTH} characters.</Spotlight.Empty>}
          {ready && search.isSuccess && !search.isPlaceholderData && groups.length === 0 && (
            <Spotlight.Empty>Nothing matches “{query.trim()}”.</Spotlight.Empty>
          )}
          {ready && search.isError && <Spotlight.Empty>The search failed. Try again.</Spotlight.Empty>}
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
}
