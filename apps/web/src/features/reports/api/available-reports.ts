import { useQuery } from '@tanstack/react-query';
import type { AvailableReport } from '@platform/domain';
import { api } from '../../../app/api-client';

export type { AvailableReport };

/** The reports the signed-in role may open, each with its headline figure. */
export const useAvailableReports = () =>
  useQuery({
    queryKey: ['reports', 'available-reports'],
    queryFn: () => api<{ data: AvailableReport[] }>('/api/reports/available-reports').then((r) => r.data),
  });
