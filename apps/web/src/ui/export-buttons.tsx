import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { exportHref } from '../app/export-href';

/** 'Export CSV' and 'Export Excel' for a list: plain downloads, so the browser streams the file to disk. */
export function ExportButtons({
  resource,
  list,
}: {
  resource: string;
  list: { sort: string; filters: Record<string, string | undefined> };
}) {
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={exportHref(resource, 'csv', list)}
        download
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Export CSV
      </Button>
      <Button
        component="a"
        href={exportHref(resource, 'xlsx', list)}
        download
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Export Excel
      </Button>
    </Group>
  );
}
