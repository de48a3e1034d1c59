import { useState } from 'react';
import { Alert, Badge, Blockquote, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { INVESTOR_CATEGORIES, type CategorisationStatus, type InvestorCategory } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { useDeclareCategorisation, useMyCategorisation } from '../api/profile';
import { CategoryCards } from './category-cards';
import { formatDateLong, toLocalIsoDate } from '../../../app/format';

const STATUS: Record<CategorisationStatus, { label: string; colour: string }> = {
  pending: { label: 'Awaiting approval', colour: 'orange' },
  approved: { label: 'Approved', colour: 'teal' },
  rejected: { label: 'Rejected', colour: 'red' },
  superseded: { label: 'Replaced', colour: 'gray' },
};

/**
 * /investor/profile/type: the investor declares their FCA category by accepting its statement; staff
 * approve it when the deployment asks for approval. `?category=` preselects a card (from the pop-up),
 * `?redirect=` returns to the investment they were making.
 */
export function CategoryPage() {
  usePageTitle('Investor category');
  const search = useSearch({ strict: false }) as { category?: string; redirect?: string };
  const navigate = useNavigate();
  const user = useCurrentUser();
  const current = useMyCategorisation();
  const declare = useDeclareCategorisation();
  const preselected = INVESTOR_CATEGORIES.includes(search.category as InvestorCategory) ? (search.category as InvestorCategory) : null;
  const [category, setCategory] = useState<InvestorCategory | null>(preselected);
  const [accepted, setAccepted] = useState(false);
  const { submit, submitting, formError } = useSubmit(async () => {
    if (!category || !current.data) return;
    // The server keeps the statement it showed; the investor's own copy travels with their declaration.
    const shown = current.data.meta.statements[category];
    await declare.mutateAsync({
      category,
      declaration: { statement: shown.statement, accepted: true, name: user?.name, declared_on: toLocalIsoDate() },
    });
    setAccepted(false);
    if (search.redirect?.startsWith('/investor/')) void navigate({ to: search.redirect });
  });

  if (!current.data) return <Skeleton h={420} radius="md" />;
  const { data: latest, meta } = current.data;
  return (
    <Stack gap="lg">
      {latest && (
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Your category
              </Text>
              <Text fw={700} fz="lg">
                {meta.statements[latest.category].label}
              </Text>
              <Text size="sm" c="dimmed">
                Declared {formatDateLong(latest.declared_at)}
                {latest.expires_at ? ` · renew by ${formatDateLong(latest.expires_at)}` : ''}
              </Text>
            </div>
            <Badge size="lg" variant="light" color={STATUS[latest.status].colour}>
              {STATUS[latest.status].label}
            </Badge>
          </Group>
          {latest.status === 'pending' && meta.approval_required && (
            <Text size="sm" mt="sm">
              Our team reviews your declaration before you can take the appropriateness test and invest.
            </Text>
          )}
          {latest.status === 'rejected' && latest.review_note && (
            <Alert color="red" variant="light" mt="sm" title="Why it was rejected">
              {latest.review_note}
            </Alert>
          )}
        </Paper>
      )}
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              {latest ? 'Declare again' : 'Declare your investor category'}
            </Title>
            <Text size="sm" c="dimmed">
              The rules on promoting high-risk investments need to know which kind of investor you are. Choose the one that describes you,
              then read and accept its statement.
            </Text>
          </div>
          <CategoryCards
            statements={meta.statements}
            value={category}
            onChange={(next) => {
              setCategory(next);
              setAccepted(false);
            }}
          />
          {category && (
            <>
              <Blockquote color="gray" p="md" fz="sm" aria-label="Statement">
                {meta.statements[category].statement}
              </Blockquote>
              <Checkbox
                label="I have read this statement and it is true of me"
                checked={accepted}
                onChange={(e) => setAccepted(e.currentTarget.checked)}
              />
            </>
          )}
          <FormError message={formError} />
          <Button w="fit-content" onClick={() => void submit({})} loading={submitting} disabled={!category || !accepted}>
            Submit declaration
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
