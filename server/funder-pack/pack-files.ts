/**
 * The files of the funder's pack (issue 53), in the order the ZIP holds them, each made only when the ZIP reaches it
 * (pack-zip.ts): the nominal list as XLSX and CSV, the summary, the children without image-use consent, then one
 * attendance list per class and month.
 */
import type { ActivityCalendar } from '../../src/api/beneficiaries-contract.ts';
import type { ListedReport } from '../data/beneficiaries.ts';
import { toCsv } from '../../src/lib/csv.ts';
import { listOf, type KeptList, type PackHeader, type PackPerson } from '../data/funder-pack.ts';
import { attendanceListPdf } from './attendance-list-pdf.ts';
import { pathPart } from './labels.ts';
import { nominalCsv, nominalRows, nominalXlsx } from './nominal-list.ts';
import type { PackFile } from './pack-zip.ts';
import { packTexts } from './pdf.ts';
import { summaryPdf } from './summary-pdf.ts';

export type PackData = {
  report: ListedReport;
  calendar: ActivityCalendar;
  /** Emptied as the lists' PDFs are made. */
  lists: KeptList[];
  people: ReadonlyMap<string, PackPerson>;
  withoutConsent: ReadonlyMap<string, 'REFUSED' | 'MISSING'>;
  header: PackHeader;
  fullCpf: boolean;
  madeOn: string;
};

/** Each class-month list's path, frequencia/<activity>/<class>-<YYYY-MM>.pdf, numbered when two classes share a name. */
export function listPaths(lists: readonly KeptList[]): string[] {
  const taken = new Map<string, number>();
  const classPart = new Map<string, string>();
  return lists.map((list) => {
    let name = classPart.get(list.classId);
    if (name === undefined) {
      const base = `frequencia/${pathPart(list.activityName, 'atividade')}/${pathPart(list.className, 'turma')}`;
      const seen = (taken.get(base) ?? 0) + 1;
      taken.set(base, seen);
      name = seen === 1 ? base : `${base} (${seen})`;
      classPart.set(list.classId, name);
    }
    return `${name}-${list.month}.pdf`;
  });
}

/**
 * The pack's files. What each is made from is let go once it is made, so the memory the pack holds shrinks as it goes:
 * the nominal list's rows after the CSV, each class-month list's lines after its PDF (`lists` is emptied), and the
 * texts the PDFs kept (packTexts) with the pack.
 */
export function* packFiles(data: PackData): Generator<PackFile> {
  const texts = packTexts();
  let rows: ReturnType<typeof nominalRows> | null = nominalRows(data.report.students, { people: data.people, fullCpf: data.fullCpf });
  yield { path: 'beneficiarios.xlsx', bytes: () => nominalXlsx(rows!), stored: true };
  yield { path: 'beneficiarios.csv', bytes: async () => nominalCsv(rows!) };
  rows = null; // in both files now
  const activityNames = data.report.attendance.activities
    .filter((activity) => data.report.activityIds.includes(activity.activityId))
    .map((activity) => activity.activityName);
  yield {
    path: 'resumo.pdf',
    bytes: () => summaryPdf({ report: data.report, calendar: data.calendar, activityNames, header: data.header, madeOn: data.madeOn, texts }),
    stored: true,
  };
  yield {
    path: 'sem-autorizacao-de-imagem.csv',
    bytes: async () =>
      toCsv(
        [
          ['Nome', 'Nome social', 'Autorização de uso de imagem', 'Atividades e turmas'],
          ...data.report.students
            .filter((student) => data.withoutConsent.has(student.id))
            .map((student) => [
              data.people.get(student.id)?.fullName ?? student.name,
              data.people.get(student.id)?.socialName ?? null,
              data.withoutConsent.get(student.id) === 'REFUSED' ? 'Recusada ou retirada' : 'Não registrada',
              student.classes.map((group) => `${group.activityName} / ${group.className}`).join('; '),
            ]),
        ],
        'pt-BR',
      ),
  };
  for (const path of listPaths(data.lists)) {
    const list = data.lists.shift()!;
    yield { path, bytes: () => attendanceListPdf(listOf(list), data.header, data.madeOn, texts), stored: true };
  }
}
