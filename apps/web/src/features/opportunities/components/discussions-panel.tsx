import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Discussion } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { formatDate } from '../../../app/format';

type Question = Discussion;
type Post = Pick<Discussion, 'id' | 'body' | 'author' | 'created_at'>;

function PostText({ post }: { post: Post }) {
  return (
    <div>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {post.author.name}
        </Text>
        {post.author.staff && (
          <Badge size="xs" variant="light">
            Team
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {formatDate(post.created_at)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {post.body}
      </Text>
    </div>
  );
}

function Compose({ label, submitLabel, onPost }: { label: string; submitLabel: string; onPost: (body: string) => Promise<void> }) {
  const [body, setBody] = useState('');
  const { submit, submitting, formError } = useSubmit(async () => {
    await onPost(body);
    setBody('');
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({});
      }}
    >
      <Stack gap="xs">
        <Textarea label={label} autosize minRows={2} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
        <FormError message={formError} />
        <Group>
          <Button type="submit" size="xs" loading={submitting} disabled={!body.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Questions and answers on an opportunity. `answerAll`: staff answer any question; an investor
 * follows up only on their own (`mine` marks which, by the author name the server shows them).
 */
export function DiscussionsPanel({ opportunityId, answerAll, myName }: { opportunityId: number; answerAll: boolean; myName?: string }) {
  const client = useQueryClient();
  const key = ['investment-opportunities', 'discussions', opportunityId];
  const list = useQuery({
    queryKey: key,
    queryFn: () => api<{ data: Question[] }>(`/api/investment-opportunities/${opportunityId}/discussions`).then((r) => r.data),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const ask = async (body: string) => {
    await api(`/api/investment-opportunities/${opportunityId}/discussions`, { method: 'POST', body: { body } });
    await refresh();
  };
  const answer = (id: number) => async (body: string) => {
    await api(`/api/discussions/${id}/replies`, { method: 'POST', body: { body } });
    await refresh();
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        Questions and answers
      </Title>
      <Stack gap="lg">
        {list.data?.length ? (
          list.data.map((q) => (
            <Stack key={q.id} gap="xs">
              <PostText post={q} />
              <Stack gap="xs" pl="lg" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
                {q.replies.map((r) => (
                  <PostText key={r.id} post={r} />
                ))}
                {(answerAll || (!q.author.staff && q.author.name === myName)) && (
                  <Compose label={answerAll ? 'Answer' : 'Follow up'} submitLabel="Post" onPost={answer(q.id)} />
                )}
              </Stack>
            </Stack>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {list.isLoading ? 'Loading questions…' : 'No questions yet.'}
          </Text>
        )}
        <Compose label="Ask a question" submitLabel="Ask" onPost={ask} />
      </Stack>
    </Paper>
  );
}
