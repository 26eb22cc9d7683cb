/**
 * resumo.pdf (issue 53): the period report's figures on a few A4 pages in Portuguese, with the programme's names and
 * the day it was made: the two counts and their rule, each breakdown as a table with its bars, the attendance per
 * activity and class (the period and each month), and the activity calendar's days held and not held. The figures
 * are the report's own answer (data/beneficiaries.ts, period-attendance.ts, activity-calendar.ts), drawn, not recounted.
 */
import type { ActivityCalendar, BeneficiariesReport, BreakdownKey, BreakdownRow } from '../../src/api/beneficiaries-contract.ts';
import type { PackHeader } from '../data/funder-pack.ts';
import { dayText, genderLabels, label, monthText, percentText, raceLabels, socialProgramLabels } from './labels.ts';
import { cell, footer, headerLine, newDocument, type Doc, type PackTexts } from './pdf.ts';

const ROW = 14;
const SERVED = '#1c7ed6';
const ATTENDED = '#37b24d';

const breakdownTitles: Array<{ key: BreakdownKey; title: string; labelOf: (value: string) => string; none: string }> = [
  {
    key: 'ageBand',
    title: 'Por faixa etária no início do período',
    labelOf: (v) => (v === 'OTHER' ? 'Outras idades' : `${v} anos`),
    none: 'Sem data de nascimento',
  },
  { key: 'gender', title: 'Por gênero', labelOf: (v) => label(genderLabels, v), none: 'Não informado' },
  { key: 'race', title: 'Por raça/cor', labelOf: (v) => label(raceLabels, v), none: 'Não informada' },
  { key: 'neighborhood', title: 'Por bairro', labelOf: (v) => v, none: 'Não informado' },
  { key: 'schoolYear', title: 'Por ano escolar', labelOf: (v) => v, none: 'Não informado' },
  { key: 'socialProgram', title: 'Por programa social', labelOf: (v) => label(socialProgramLabels, v), none: 'Nenhum informado' },
  {
    key: 'specialNeeds',
    title: 'Pessoas com deficiência ou necessidades especiais (anamnese social)',
    labelOf: (v) => (v === 'YES' ? 'Sim' : v === 'NO' ? 'Não' : v),
    none: 'Sem resposta na anamnese',
  },
];

export type SummaryInput = {
  report: Omit<BeneficiariesReport, 'calendar'>;
  calendar: ActivityCalendar;
  activityNames: readonly string[];
  header: PackHeader;
  madeOn: string;
  texts: PackTexts;
};

export async function summaryPdf({ report, calendar, activityNames, header, madeOn, texts }: SummaryInput): Promise<Buffer> {
  const { doc, bytes } = newDocument('portrait', 'Prestação de contas: resumo do período', texts);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - 24;
  let y = 28;
  const room = (height: number) => {
    if (y + height <= bottom) return;
    footer(doc, madeOn);
    doc.addPage();
    y = 28;
  };
  const heading = (text: string) => {
    room(3 * ROW);
    y += 8;
    doc.font('Helvetica-Bold').fontSize(11);
    cell(doc, text, left, y, width);
    y += ROW + 4;
    doc.font('Helvetica').fontSize(9);
  };

  doc.font('Helvetica-Bold').fontSize(15);
  cell(doc, 'Prestação de contas: resumo do período', left, y, width);
  y += 22;
  doc.font('Helvetica').fontSize(9);
  cell(doc, headerLine(header), left, y, width);
  y += ROW;
  cell(doc, `Período: ${dayText(report.from)} a ${dayText(report.to)}    Gerado em ${dayText(madeOn)}`, left, y, width);
  y += ROW;
  doc.text(`Atividades: ${activityNames.length ? activityNames.join(', ') : 'todo o programa'}`, left, y, { width });
  y = doc.y + 8;

  heading('Beneficiários');
  doc.font('Helvetica-Bold').fontSize(12);
  cell(doc, `Atendidos: ${report.served}`, left, y, width / 2);
  cell(doc, `Compareceram ao menos uma vez: ${report.attended}`, left + width / 2, y, width / 2);
  y += ROW + 6;
  doc.font('Helvetica').fontSize(8);
  doc.text(
    'Atendidos: crianças matriculadas numa turma em ao menos um dia do período e ativas nesse dia. Compareceram: dessas, as que têm ao ' +
      'menos uma presença numa chamada de aula realizada no período (aula não realizada e dia sem aula não contam para ninguém). ' +
      'Frequência = presenças ÷ (dias de chamada - faltas justificadas).',
    left,
    y,
    { width },
  );
  y = doc.y + 4;

  for (const section of breakdownTitles)
    breakdown(section.title, report.breakdowns[section.key] ?? [], (v) => (v === null ? section.none : section.labelOf(v)));

  heading('Frequência por atividade e turma');
  const months = [...new Set(report.attendance.activities.flatMap((activity) => activity.months.map((m) => m.month)))].sort();
  const monthWidth = Math.min(60, (width - 260) / Math.max(1, months.length));
  const attendanceHead = () => {
    doc.font('Helvetica-Bold').fontSize(7);
    cell(doc, 'Atividade e turma', left, y, 190);
    cell(doc, 'Chamadas', left + 190, y, 40, 'right');
    cell(doc, 'Período', left + 230, y, 30, 'right');
    months.forEach((month, i) => cell(doc, monthText(month).replace(' de ', '/'), left + 260 + i * monthWidth, y, monthWidth, 'right'));
    y += ROW;
    doc.font('Helvetica').fontSize(7);
  };
  attendanceHead();
  type Figures = { rolls: number; frequencyPercent: number };
  const line = (name: string, total: Figures, byMonth: Array<Figures & { month: string }>, bold: boolean) => {
    if (y + ROW > bottom) {
      room(ROW * 2);
      attendanceHead();
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cell(doc, name, left + (bold ? 0 : 10), y, bold ? 190 : 180);
    cell(doc, String(total.rolls), left + 190, y, 40, 'right');
    cell(doc, percentText(total.frequencyPercent), left + 230, y, 30, 'right');
    months.forEach((month, i) => {
      const figure = byMonth.find((m) => m.month === month);
      cell(doc, figure ? percentText(figure.frequencyPercent) : '—', left + 260 + i * monthWidth, y, monthWidth, 'right');
    });
    y += ROW - 2;
  };
  if (report.attendance.activities.length === 0) cell(doc, 'Nenhuma chamada no período.', left, y, width);
  for (const activity of report.attendance.activities) {
    line(activity.activityName, activity.total, activity.months, true);
    for (const group of activity.classes) line(group.className, group.total, group.months, false);
  }
  y += 6;

  heading('Calendário de atividades');
  doc.font('Helvetica').fontSize(7);
  if (calendar.classes.length === 0) cell(doc, 'Nenhuma chamada no período.', left, y, width);
  for (const group of calendar.classes) {
    const months = group.months
      .map(
        (m) =>
          `${monthText(m.month).replace(' de ', '/')}: ${m.held.length} realizadas${m.notHeld.length ? `, ${m.notHeld.length} não realizadas` : ''}`,
      )
      .join(' · ');
    room(ROW);
    cell(doc, `${group.activityName} / ${group.className}: ${months}`, left, y, width);
    y += ROW - 3;
  }
  footer(doc, madeOn);
  doc.end();
  return bytes;

  function breakdown(title: string, rows: BreakdownRow[], labelOf: (value: string | null) => string) {
    heading(title);
    room(ROW * (rows.length + 1));
    const most = Math.max(1, ...rows.map((row) => row.served));
    const barX = left + 280;
    const barWidth = width - 280;
    doc.font('Helvetica-Bold').fontSize(7);
    cell(doc, 'Atendidos', left + 160, y, 50, 'right');
    cell(doc, 'Compareceram', left + 212, y, 62, 'right');
    doc
      .fillColor(SERVED)
      .rect(barX, y + 2, 6, 6)
      .fill()
      .fillColor('#000000');
    cell(doc, 'atendidos', barX + 9, y, 60);
    doc
      .fillColor(ATTENDED)
      .rect(barX + 70, y + 2, 6, 6)
      .fill()
      .fillColor('#000000');
    cell(doc, 'compareceram', barX + 79, y, 80);
    y += ROW;
    doc.font('Helvetica').fontSize(8);
    for (const row of rows) {
      room(ROW);
      cell(doc, labelOf(row.value), left, y, 160);
      cell(doc, String(row.served), left + 160, y, 50, 'right');
      cell(doc, String(row.attended), left + 212, y, 62, 'right');
      drawBars(doc, barX + 6, y, barWidth - 6, [row.served / most, row.attended / most]);
      y += ROW;
    }
  }
}

/** Two thin bars, one over the other, of these fractions of the width. */
function drawBars(doc: Doc, x: number, y: number, width: number, fractions: [number, number]): void {
  doc
    .fillColor(SERVED)
    .rect(x, y + 1, Math.max(0.5, width * fractions[0]), 5)
    .fill();
  doc
    .fillColor(ATTENDED)
    .rect(x, y + 7, Math.max(0.5, width * fractions[1]), 5)
    .fill();
  doc.fillColor('#000000');
}
