/**
 * What a coordinator reads about attendance (issue 17): the alerts (GET /attendance/alerts: who may be dropping out,
 * which classes went without a roll) and the month's frequency report (GET /reports/frequency). Both are kept in the
 * persisted query cache, so home's alerts and /relatorios open offline with the last answer. The contract loads with
 * the answer: home asks for the alerts, and home's first load carries no zod.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';

export const reportKeys = {
  alerts: ['attendance', 'alerts'] as const,
  frequency: (month: string) => ['reports', 'frequency', month] as const,
};

export const attendanceAlertsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.alerts,
    queryFn: () => getParsed('attendance/alerts', () => import('./contract.ts').then((contract) => contract.attendanceAlertsSchema)),
  });

export const frequencyReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: reportKeys.frequency(month),
    queryFn: () =>
      getParsed(`reports/frequency?month=${encodeURIComponent(month)}`, () =>
        import('./contract.ts').then((contract) => contract.frequencyReportSchema),
      ),
  });
