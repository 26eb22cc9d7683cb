/**
 * One class's month as the signed attendance list a funder recognises (issue 53, frequencia/<activity>/<class>-<month>.pdf):
 * programme, project and funder; activity, class, schedule and instructor; the days of the month's rolls as columns
 * (a class not held and a day off shaded and marked, counting for no one); one line per child with P (presente),
 * F (falta), J (falta justificada) or N (não marcado); each child's totals and frequency by the one rule (the month
 * grid's figures); the presences of each day; and lines to sign for the instructor and the coordinator.
 */
import type { ClassMonthList, PackHeader } from '../data/funder-pack.ts';
import { dayText, label, monthText, notHeldLabels, percentText, weekDayLabels } from './labels.ts';
import { cell, footer, headerLine, newDocument, type Doc, type PackTexts } from './pdf.ts';

const ROW = 14;
const SHADE = '#e6e6e6';
const markText = { P: 'P', A: 'F', J: 'J', N: 'N' } as const;
const weekLetters = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'];

export async function attendanceListPdf(list: ClassMonthList, header: PackHeader, madeOn: string, texts: PackTexts): Promise<Buffer> {
  const { doc, bytes } = newDocument('landscape', `Lista de frequência: ${list.activityName}, ${list.className}, ${monthText(list.month)}`, texts);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // Columns: number, name, a column per roll date, then P, F, J and the frequency.
  const days = list.rolls.length;
  const totalsWidth = 3 * 22 + 40;
  const dayWidth = days === 0 ? 0 : Math.max(14, Math.min(34, (width - 20 - 150 - totalsWidth) / days));
  const nameWidth = width - 20 - days * dayWidth - totalsWidth;
  const dayX = (i: number) => left + 20 + nameWidth + i * dayWidth;
  const totalsX = left + 20 + nameWidth + days * dayWidth;
  const counted = list.rolls.map((roll) => roll.held);

  const pageHead = (): number => {
    doc.font('Helvetica-Bold').fontSize(13);
    cell(doc, 'LISTA DE FREQUÊNCIA', left, 28, width / 2);
    cell(doc, `Mês: ${monthText(list.month)}`, left + width / 2, 28, width / 2, 'right');
    doc.font('Helvetica').fontSize(9);
    cell(doc, headerLine(header), left, 46, width);
    const when = [list.weekDay === null ? '' : label(weekDayLabels, list.weekDay), list.schedule ?? ''].join(' ').trim();
    const schedule = when ? `    Horário: ${when}` : '';
    cell(
      doc,
      `Atividade: ${list.activityName}    Turma: ${list.className}${schedule}    Instrutor(a): ${list.instructor ?? '____________'}`,
      left,
      60,
      width,
    );
    // the table's head: day of the month over its weekday's letter; a class not held (NR) or a day off shaded
    let y = 80;
    doc.font('Helvetica-Bold').fontSize(8);
    doc
      .rect(left, y, width, 2 * ROW)
      .fill('#f4f4f4')
      .fillColor('#000000');
    cell(doc, 'Nº', left, y + 4, 20, 'center');
    cell(doc, 'Nome', left + 22, y + 4, nameWidth - 4);
    list.rolls.forEach((roll, i) => {
      if (!roll.held)
        doc
          .rect(dayX(i), y, dayWidth, 2 * ROW)
          .fill(SHADE)
          .fillColor('#000000');
      cell(doc, String(Number(roll.date.slice(8, 10))), dayX(i), y + 2, dayWidth, 'center');
      const under = roll.notHeld ? 'NR' : roll.dayOff !== null ? 'FER' : weekLetters[new Date(`${roll.date}T12:00:00Z`).getUTCDay()]!;
      doc.font('Helvetica').fontSize(6);
      cell(doc, under, dayX(i), y + 16, dayWidth, 'center');
      doc.font('Helvetica-Bold').fontSize(8);
    });
    ['P', 'F', 'J'].forEach((text, i) => cell(doc, text, totalsX + i * 22, y + 4, 22, 'center'));
    cell(doc, 'Freq.', totalsX + 66, y + 4, 40, 'center');
    y += 2 * ROW;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica').fontSize(8);
    return y;
  };

  // the columns' lines over a page's table, from its head to `end`
  const grid = (end: number) => {
    doc.lineWidth(0.25).strokeColor('#999999');
    for (const x of [left + 20, ...list.rolls.map((_, i) => dayX(i)), totalsX, totalsX + 22, totalsX + 44, totalsX + 66])
      doc.moveTo(x, 80).lineTo(x, end).stroke();
    doc.strokeColor('#000000');
  };
  const bottom = doc.page.height - doc.page.margins.bottom - 20;
  const signatures = 110;
  let y = pageHead();
  list.lines.forEach((line, index) => {
    const last = index === list.lines.length - 1;
    if (y + ROW > bottom - (last ? signatures : 0)) {
      grid(y);
      footer(doc, madeOn);
      doc.addPage();
      y = pageHead();
    }
    list.rolls.forEach((roll, i) => {
      if (!roll.held) doc.rect(dayX(i), y, dayWidth, ROW).fill(SHADE).fillColor('#000000');
    });
    cell(doc, String(index + 1), left, y + 3, 20, 'center');
    cell(doc, line.name, left + 22, y + 3, nameWidth - 4);
    line.marks.forEach((mark, i) => {
      // a mark on a roll that counts for no one is not shown: the column says why
      if (mark !== null && counted[i]) cell(doc, markText[mark], dayX(i), y + 3, dayWidth, 'center');
    });
    cell(doc, String(line.present), totalsX, y + 3, 22, 'center');
    cell(doc, String(line.absent), totalsX + 22, y + 3, 22, 'center');
    cell(doc, String(line.justified), totalsX + 44, y + 3, 22, 'center');
    cell(doc, percentText(line.frequencyPercent), totalsX + 66, y + 3, 40, 'center');
    y += ROW;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.25)
      .stroke('#999999')
      .strokeColor('#000000');
  });
  if (y + ROW + signatures > bottom) {
    grid(y);
    footer(doc, madeOn);
    doc.addPage();
    y = pageHead();
  }
  // each day's presences, and the month's
  doc.font('Helvetica-Bold');
  cell(doc, 'Presentes no dia', left + 22, y + 3, nameWidth - 4);
  list.rolls.forEach((roll, i) => {
    if (!roll.held) return;
    const present = list.lines.filter((line) => line.marks[i] === 'P').length;
    cell(doc, String(present), dayX(i), y + 3, dayWidth, 'center');
  });
  const sum = (pick: (line: ClassMonthList['lines'][number]) => number) => String(list.lines.reduce((total, line) => total + pick(line), 0));
  cell(
    doc,
    sum((line) => line.present),
    totalsX,
    y + 3,
    22,
    'center',
  );
  cell(
    doc,
    sum((line) => line.absent),
    totalsX + 22,
    y + 3,
    22,
    'center',
  );
  cell(
    doc,
    sum((line) => line.justified),
    totalsX + 44,
    y + 3,
    22,
    'center',
  );
  y += ROW;
  grid(y);
  y += 6;
  signaturesAndNotes(doc, list, y, left, width);
  footer(doc, madeOn);
  doc.end();
  return bytes;
}

function signaturesAndNotes(doc: Doc, list: ClassMonthList, top: number, left: number, width: number): void {
  let y = top;
  doc.font('Helvetica').fontSize(7);
  cell(
    doc,
    'P presente · F falta · J falta justificada · N não marcado na chamada · NR aula não realizada · FER dia sem aula no calendário',
    left,
    y,
    width,
  );
  y += 10;
  cell(
    doc,
    'Frequência = presenças ÷ (dias de chamada - faltas justificadas); aula não realizada e dia sem aula não contam para ninguém.',
    left,
    y,
    width,
  );
  y += 10;
  const notHeld = list.rolls.filter((roll) => roll.notHeld !== null);
  if (notHeld.length > 0) {
    const text = notHeld.map((roll) => `${dayText(roll.date).slice(0, 5)} (${notHeldLabels[roll.notHeld!.reason]})`).join('; ');
    cell(doc, `Aulas não realizadas: ${text}`, left, y, width);
    y += 10;
  }
  const daysOff = list.rolls.filter((roll) => roll.dayOff !== null);
  if (daysOff.length > 0) {
    cell(doc, `Dias sem aula: ${daysOff.map((roll) => `${dayText(roll.date).slice(0, 5)} ${roll.dayOff}`).join('; ')}`, left, y, width);
    y += 10;
  }
  // the signatures: the instructor's and the coordinator's, a date beside each
  y = Math.max(y + 34, top + 60);
  doc.lineWidth(0.5);
  const half = (width - 40) / 2;
  for (const [i, who] of [`Instrutor(a): ${list.instructor ?? ''}`, 'Coordenação'].entries()) {
    const x = left + i * (half + 40);
    doc
      .moveTo(x, y)
      .lineTo(x + half, y)
      .stroke();
    doc.fontSize(8);
    cell(doc, `${who}    Data: ____/____/________`, x, y + 4, half);
  }
}
