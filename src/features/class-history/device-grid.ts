/**
 * A class's month grid built from what the device holds, for a month never opened online (issue 17: history offline
 * "for the classes it holds"). The sync keeps the rolls of the last 60 days of the user's classes; their marks give
 * the cells, the totals per date, and per student the marks counted by the README's rule, present ÷ (marked days −
 * justified). Unlike the server's grid, a day the student was on the roster but not on the roll is not known here, so
 * it is not counted: the page says the figures are the device's.
 */
import type { AttendanceGrid, Roll, StudentSummary } from '../../api/contract.ts';
import { byNameOrder } from '../../api/name-order.ts';

type Mark = 'P' | 'A' | 'J';
const markOf: Record<Roll['entries'][number]['status'], Mark> = { PRESENT: 'P', ABSENT: 'A', JUSTIFIED: 'J' };

/**
 * `rolls`: the device's rolls of this class (any month; those of `month` are used). `names`: who the device knows
 * (the class's roster, the students list), for the rows' names. Null when the device has no roll of that month.
 */
export function deviceGrid(
  classId: string,
  month: string,
  rolls: readonly Roll[],
  names: readonly Pick<StudentSummary, 'id' | 'name'>[],
): AttendanceGrid | null {
  const ofMonth = rolls.filter((roll) => roll.classId === classId && roll.date.startsWith(`${month}-`)).sort((a, b) => a.date.localeCompare(b.date));
  if (ofMonth.length === 0) return null;
  const nameOf = new Map(names.map((student) => [student.id, student.name]));
  const ids = [...new Set(ofMonth.flatMap((roll) => roll.entries.map((entry) => entry.studentId)))];
  const students = ids
    .map((id) => {
      const cells = ofMonth.map((roll) => {
        const entry = roll.entries.find((item) => item.studentId === id);
        return entry ? markOf[entry.status] : null;
      });
      const count = (mark: Mark) => cells.filter((cell) => cell === mark).length;
      const [present, absent, justified] = [count('P'), count('A'), count('J')];
      const rollDays = present + absent + justified;
      const countable = rollDays - justified;
      return {
        id,
        name: nameOf.get(id) ?? '—',
        cells,
        present,
        absent,
        justified,
        rollDays,
        frequencyPercent: countable > 0 ? Math.round((1000 * present) / countable) / 10 : 0,
      };
    })
    .sort(byNameOrder);
  return {
    classId,
    month,
    dates: ofMonth.map((roll) => roll.date),
    students,
    totals: ofMonth.map((roll, i) => ({
      date: roll.date,
      present: students.filter((student) => student.cells[i] === 'P').length,
      absent: students.filter((student) => student.cells[i] === 'A').length,
      justified: students.filter((student) => student.cells[i] === 'J').length,
    })),
    rolls: ofMonth.map((roll) => ({
      date: roll.date,
      firstTakenBy: roll.firstTakenBy ?? roll.takenBy,
      firstTakenAt: roll.firstTakenAt ?? roll.takenAt,
      correctedBy: roll.correctedBy ?? null,
      correctedAt: roll.correctedAt ?? null,
      ...(roll.notHeld ? { notHeld: roll.notHeld } : {}),
    })),
  };
}
