import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryFolder, MyLibraryFolder } from '@platform/domain';
import { api } from '../../../app/api-client';

/** The firm's document library (server: modules/library); its documents are the records module's. */
export type { LibraryFolder, MyLibraryFolder };

const keys = { folders: ['library', 'folders'] as const, mine: ['my-library'] as const };

export function useLibraryFolders() {
  return useQuery({
    queryKey: keys.folders,
    queryFn: () => api<{ data: LibraryFolder[] }>('/api/library/folders').then((r) => r.data),
  });
}

/** After a change to folders or their documents: the folder list (with its counts) reloads. */
export function useRefreshLibrary() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: keys.folders });
}

export function useLibraryFolderWrite() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, method, body }: { id?: number; method: 'POST' | 'PATCH' | 'DELETE'; body?: Record<string, unknown> }) =>
      api<{ data: LibraryFolder }>(id ? `/api/library/folders/${id}` : '/api/library/folders', { method, body }),
    onSuccess: refresh,
  });
}

export function useMyLibrary() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: () => api<{ data: MyLibraryFolder[] }>('/api/my/library').then((r) => r.data),
  });
}
