import { Container, Paper, Title } from '@mantine/core';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';

/** The default terms page, for deployments whose terms are text rather than a link (spec §2.1). */
export function TermsPage() {
  usePageTitle('Terms and conditions');
  const { settings } = useBranding();
  return (
    <Container component="main" size="md" py="xl">
      <Title order={1} mb="lg">
        Terms and conditions
      </Title>
      <Paper withBorder p="xl">
        {settings?.terms_format === 'url' ? (
          <a href={settings.terms_text}>{settings.terms_text}</a>
        ) : (
          <RichText html={settings?.terms_text} />
        )}
      </Paper>
    </Container>
  );
}
