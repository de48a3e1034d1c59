import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionnaireForm, QuestionnaireResponse, QuestionnaireSubject } from '@platform/domain';
import { api } from '../../../app/api-client';

export type { QuestionnaireEntry } from '@platform/domain';

export interface QuestionnaireSubjectRef {
  type: QuestionnaireSubject;
  id: number;
}

const key = (subject: QuestionnaireSubjectRef, form: QuestionnaireForm) => ['questionnaires', subject.type, subject.id, form] as const;

export function useQuestionnaire(subject: QuestionnaireSubjectRef, form: QuestionnaireForm) {
  return useQuery({
    queryKey: key(subject, form),
    queryFn: () => api<QuestionnaireResponse>(`/api/questionnaires/${subject.type}/${subject.id}/${form}`),
  });
}

export function useSaveQuestionnaire(subject: QuestionnaireSubjectRef, form: QuestionnaireForm) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, unknown>) =>
      api<QuestionnaireResponse>(`/api/questionnaires/${subject.type}/${subject.id}/${form}`, { method: 'PUT', body: answers }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['questionnaires', subject.type, subject.id] });
      await client.invalidateQueries({ queryKey: ['records', 'activity'] });
    },
  });
}
