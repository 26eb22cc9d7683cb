/** What the students import does with its rows, as its worker answers the page: counts, pages, batches, refused rows. */
import { describe, expect, it } from 'vitest';
import type { ImportMatch } from '../../../src/api/imports-contract.ts';
import { PAGE_SIZE } from '../../../src/features/imports/preview-page.ts';
import { readRows } from '../../../src/features/imports/read-rows.ts';
import { countRows, matchKeysOf, rowsToSend, studentsPage, studentsRefused } from '../../../src/features/imports/students-preview.ts';

// 120 children: every tenth without a name (wrong), every seventh already in Quadra (by CPF-less name and birth date).
const cells = Array.from({ length: 120 }, (_, i) => [i % 10 === 9 ? '' : `Criança ${i}`, `0${(i % 9) + 1}/03/2014`, `Escola ${i}`]);
const rows = readRows(cells, ['fullName', 'dateOfBirth', 'schoolName'], []);
const matches = new Map<number, ImportMatch>(
  rows
    .filter((row) => row.row % 7 === 0 && row.problems.length === 0)
    .map((row) => [row.row, { row: row.row, studentId: `s${row.row}`, name: row.student.fullName, by: 'name-birth' }]),
);
const preview = { rows, matches };

describe('the students preview held by the worker', () => {
  it('counts the rows as chosen for the children Quadra has', () => {
    const wrong = rows.filter((row) => row.problems.length > 0).length;
    expect(wrong).toBe(12);
    expect(countRows(preview, 'skip')).toEqual({ new: 120 - wrong - matches.size, update: 0, skip: matches.size, wrong });
    expect(countRows(preview, 'update')).toEqual({ new: 120 - wrong - matches.size, update: matches.size, skip: 0, wrong });
  });

  it('asks the server about the rows with a name and a birth date', () => {
    expect(matchKeysOf(rows)).toHaveLength(120 - 12);
    expect(matchKeysOf(rows)[0]).toEqual({ row: 2, name: 'Criança 0', birthDate: '2014-03-01' });
  });

  it('cuts a page of PAGE_SIZE rows, of all the rows or of the wrong ones, with their status and match', () => {
    const first = studentsPage(preview, 'update', { page: 1, wrongOnly: false });
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.pages).toBe(3);
    const matched = first.rows.find((row) => row.row === 7);
    expect(matched).toMatchObject({ status: 'update', matchName: 'Criança 5' });
    const last = studentsPage(preview, 'skip', { page: 9, wrongOnly: false });
    expect(last.page).toBe(3);
    expect(last.rows).toHaveLength(20);
    const wrong = studentsPage(preview, 'skip', { page: 1, wrongOnly: true });
    expect(wrong.pages).toBe(1);
    expect(wrong.rows.map((row) => row.status)).toEqual(Array(12).fill('wrong'));
  });

  it('sends the new rows, and those to update only when so chosen, without the preview’s fields', () => {
    expect(rowsToSend(preview, 'skip')).toHaveLength(120 - 12 - matches.size);
    const sent = rowsToSend(preview, 'update');
    expect(sent).toHaveLength(120 - 12);
    expect(Object.keys(sent[0]!).sort()).toEqual(['row', 'student']);
  });

  it('after the write: the wrong rows and the refused ones with their cells, and the skipped counted', () => {
    const sent = rowsToSend(preview, 'skip');
    const results = sent.map((row, i) =>
      i === 0 ? { row: row.row, outcome: 'refused' as const, reason: 'cpf-taken' as const } : { row: row.row, outcome: 'created' as const },
    );
    const { refused, skipped } = studentsRefused(preview, results);
    expect(refused).toHaveLength(13);
    expect(refused[0]).toEqual({ where: '2', cells: ['Criança 0', '01/03/2014', 'Escola 0'], problems: [], refusal: 'cpf-taken' });
    expect(refused[1]!.problems.map((problem) => problem.code)).toEqual(['name-missing']);
    expect(skipped).toBe(matches.size);
  });
});
