import { Group, Text } from '@mantine/core';
import { useBranding } from '../app/settings';

/** The tenant's logo, or its name as a wordmark when no logo is uploaded. */
export function Logo({ light = false, height = 40 }: { light?: boolean; height?: number }) {
  const { settings, terms } = useBranding();
  const src = (light && settings?.logoLight) || settings?.logo;
  if (src) return <img src={src} alt={settings?.logo_alt || terms.pageTitle} style={{ height, maxWidth: 220, objectFit: 'contain' }} />;
  return (
    <Group gap={8} wrap="nowrap" aria-label={terms.pageTitle}>
      <img src="/favicon.svg" alt="" style={{ height: height * 0.8 }} />
      <Text fw={700} fz={height * 0.45} c={light ? 'white' : 'brand.7'} style={{ whiteSpace: 'nowrap' }}>
        {terms.pageTitle}
      </Text>
    </Group>
  );
}
