/**
 * The period report's beneficiaries (issue 53, GET /reports/beneficiaries): kept in the persisted query cache like the
 * other reports, so /relatorios/prestacao-de-contas opens offline with the last answer of each period asked for, saying
 * from when. Under ['reports'], so a roll or an enrolment the server accepts has it asked again (reports.ts
 * invalidateAttendanceFigures). The screen asks for the figures alone and for the nominal list only when it is shown,
 * each kept apart. The contract loads with the answer.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';

export type BeneficiariesPeriod = { from: string; to: string; activityIds: readonly string[] };

/** `figures`: the report without its nominal list (`list=none`, naming no child), what the screen shows first; `list`: with it. */
export type BeneficiariesPart = 'figures' | 'list';

export const beneficiariesKeys = {
  // the activities sorted: the same choice in another order is the same report
  period: ({ from, to, activityIds }: BeneficiariesPeriod, part: BeneficiariesPart) =>
    ['reports', 'beneficiaries', from, to, [...activityIds].sort().join(','), part] as const,
};

export const beneficiariesQueryOptions = (period: BeneficiariesPeriod, part: BeneficiariesPart) =>
  queryOptions({
    queryKey: beneficiariesKeys.period(period, part),
    queryFn: () => {
      const search = new URLSearchParams({ from: period.from, to: period.to });
      for (const id of [...period.activityIds].sort()) search.append('activityId', id);
      if (part === 'figures') search.set('list', 'none');
      return getParsed(`reports/beneficiaries?${search.toString()}`, () =>
        import('./beneficiaries-contract.ts').then((contract) => contract.beneficiariesReportSchema),
      );
    },
  });
