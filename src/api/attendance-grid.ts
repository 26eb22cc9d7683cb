/**
 * A class's month grid (GET /classes/{id}/attendance?month=YYYY-MM): students x dates with a roll, P/A/J, totals, who
 * took and who corrected each roll. Key ['classes', classId, 'attendance-grid', month], in the persisted cache like
 * every query, so a month once seen opens offline. A roll saved or sent (attendance.ts) makes the class's grids stale.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AttendanceGrid } from './contract.ts';
import { getRecordParsed } from '../lib/http.ts';

export const gridKeys = {
  /** Every month of the class: what a saved roll makes stale. */
  ofClass: (classId: string) => ['classes', classId, 'attendance-grid'] as const,
  month: (classId: string, month: string) => ['classes', classId, 'attendance-grid', month] as const,
};

// The contract loads with the answer: the route's loader starts this query, and zod stays out of the first load.
const gridSchema = () => import('./contract.ts').then((contract) => contract.attendanceGridSchema);

/** The grid of a class and month (YYYY-MM); a 404 (no such class) is a RecordNotFoundError. */
export function fetchGrid(classId: string, month: string): Promise<AttendanceGrid> {
  return getRecordParsed(`classes/${encodeURIComponent(classId)}/attendance?month=${month}`, gridSchema, 'class');
}

export const gridQueryOptions = (classId: string, month: string) =>
  queryOptions({ queryKey: gridKeys.month(classId, month), queryFn: () => fetchGrid(classId, month) });
