import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { api, ApiError } from '../../../app/api-client';
import { useBranding } from '../../../app/settings';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import type { MarketSounding, MarketSoundingAccepted } from '@platform/domain';
import { RichText } from '../../../ui/rich-text';
import { usePageTitle } from '../../../ui/page-title';
import { ErrorPage } from '../../errors';
import { opportunityKeys } from '../../opportunities';

/** /investor/investments/market-sounding/{id}: the wall-crossing the investor accepts before seeing inside information. */
export function MarketSoundingPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  usePageTitle(terms.marketSoundingAcceptance);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const query = useQuery({
    queryKey: ['market-sounding', id],
    queryFn: () => api<{ data: MarketSounding }>(`/api/market-sounding/${id}`).then((r) => r.data),
  });
  const { submit, submitting, formError } = useSubmit(async () => {
    const { data } = await api<{ data: MarketSoundingAccepted }>(`/api/market-sounding/${id}/accept`, { method: 'POST' });
    await client.invalidateQueries({ queryKey: opportunityKeys.all });
    await navigate({ to: '/investor/investments/$slug', params: { slug: data.slug } });
  });

  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!query.data) return <Skeleton h={320} radius="md" />;
  return (
    <Paper withBorder radius="md" p="xl" maw={760} mx="auto">
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon variant="light" size={44} radius="md">
            <IconShieldLock size={24} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {terms.marketSoundingAcceptance}
          </Title>
        </Group>
        <RichText html={query.data.description} />
        <Text size="sm" c="dimmed">
          Your acceptance is recorded in our insider register with the date and time.
        </Text>
        {query.data.accepted ? (
          <Button onClick={() => void navigate({ to: '/investor/investments/$slug', params: { slug: query.data.slug } })}>
            Continue to the opportunity
          </Button>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit({});
            }}
          >
            <Stack gap="md">
              <Checkbox
                label="I understand and accept to receive inside information"
                checked={agreed}
                onChange={(e) => setAgreed(e.currentTarget.checked)}
              />
              <FormError message={formError} />
              <Group>
                <Button type="submit" disabled={!agreed} loading={submitting}>
                  Accept and continue
                </Button>
                <Button variant="default" onClick={() => void navigate({ to: '/investor/investments' })}>
                  Not now
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
