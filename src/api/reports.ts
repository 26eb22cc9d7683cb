/**
 * What a coordinator reads about attendance (issue 17): the alerts (GET /attendance/alerts: who may be dropping out,
 * which classes went without a roll) and the month's frequency report (GET /reports/frequency) with its arrivals per day (GET /reports/arrivals). All are kept in the
 * persisted query cache, so home's alerts and /relatorios open offline with the last answer. The contract loads with
 * the answer: home asks for the alerts, and home's first load carries no zod.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, getParsedShownFirst } from '../lib/http.ts';
import { queryClient } from '../offline/query-client.ts';

/** How many of each alert list home shows at first (and asks for: the whole lists only when the user opens one). */
export const ALERTS_SHOWN = 5;

export const reportKeys = {
  alerts: ['attendance', 'alerts'] as const,
  alertsFirst: ['attendance', 'alerts', 'first'] as const,
  /** Under the alerts' key: what changes the alerts (a roll saved) asks for them again too. */
  rollsToComplete: ['attendance', 'alerts', 'rolls-to-complete'] as const,
  frequency: (month: string) => ['reports', 'frequency', month] as const,
  arrivals: (month: string) => ['reports', 'arrivals', month] as const,
};

export const attendanceAlertsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.alerts,
    queryFn: () => getParsed('attendance/alerts', () => import('./contract.ts').then((contract) => contract.attendanceAlertsSchema)),
  });

/**
 * Home's first look: the first ALERTS_SHOWN of each list and how long each is. With 5,000 students the whole answer
 * listed every one below the threshold, thousands, which home downloaded, checked and kept to show five.
 */
export const attendanceAlertsFirstQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.alertsFirst,
    // Home's first screen: shown before its parse (lib/http.ts getParsedShownFirst).
    queryFn: ({ queryKey }) =>
      getParsedShownFirst(
        `attendance/alerts?limit=${ALERTS_SHOWN}`,
        () => import('./contract.ts').then((contract) => contract.attendanceAlertsSchema),
        queryKey,
      ),
  });

/** The rolls to complete of the classes whose rolls the user may correct (an instructor's home: issue 56). */
export const rollsToCompleteQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.rollsToComplete,
    queryFn: ({ queryKey }) =>
      getParsedShownFirst('attendance/rolls-to-complete', () => import('./contract.ts').then((contract) => contract.rollsToCompleteSchema), queryKey),
  });

export const frequencyReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: reportKeys.frequency(month),
    queryFn: () =>
      getParsed(`reports/frequency?month=${encodeURIComponent(month)}`, () =>
        import('./contract.ts').then((contract) => contract.frequencyReportSchema),
      ),
  });

/** The arrivals per day of a month (issue 52: by the general roll's rule; counts only). */
export const arrivalsReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: reportKeys.arrivals(month),
    queryFn: () =>
      getParsed(`reports/arrivals?month=${encodeURIComponent(month)}`, () =>
        import('./general-roll-contract.ts').then((contract) => contract.arrivalsReportSchema),
      ),
  });

/**
 * A roll, an enrolment or a student's status the server has just accepted changes the alerts and the months' reports:
 * they are asked again when next shown (offline, the saved copy stays on screen, as of its time).
 */
export function invalidateAttendanceFigures(): void {
  void queryClient.invalidateQueries({ queryKey: reportKeys.alerts });
  void queryClient.invalidateQueries({ queryKey: ['reports'] });
}
