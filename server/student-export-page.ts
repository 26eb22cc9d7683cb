/**
 * The readable page of a guardian's copy (issue 51): one self-contained HTML file in pt-BR (the language of the
 * guardians the programme serves), with the same content as data.json, the documents linked to their files beside it in
 * the ZIP. HTML rather than PDF: any phone or computer opens it without another program, a screen reader reads it, the
 * browser prints it or saves it as PDF, and it needs no PDF library on the server. Everything from the database is
 * escaped: it is the guardian's device that opens it.
 */
import type { StudentExport } from './data/student-export.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : String(value).replace(/[&<>"']/g, (c) => escapes[c]!);

/** YYYY-MM-DD (or an instant) as dd/mm/aaaa, the way a Brazilian reads a date. */
const day = (value: string | null | undefined): string => (value ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : '—');
const instant = (value: string | null | undefined): string => (value ? `${day(value)} ${value.slice(11, 16)} UTC` : '—');
/** The server's codes (PARDA, BOLSA_FAMILIA) are Portuguese already: shown with spaces. */
const code = (value: string | null | undefined): string => (value ? value.replaceAll('_', ' ') : '—');

const statusLabels: Record<string, string> = { PRESENT: 'Presente', ABSENT: 'Falta', JUSTIFIED: 'Falta justificada' };
const reasonLabels: Record<string, string> = { HEALTH: 'Saúde', SCHOOL: 'Escola', FAMILY: 'Família', TRANSPORT: 'Transporte', OTHER: 'Outro' };
const purposeLabels: Record<string, string> = {
  DATA_PROCESSING: 'Dados do cadastro',
  IMAGE_USE: 'Fotos e vídeos em relatórios e para financiadores',
  IMAGE_PUBLIC: 'Fotos e vídeos em canais públicos e redes sociais',
  DATA_SHARING: 'Compartilhamento com escola, CRAS ou serviços de saúde',
};
const stateLabels: Record<string, string> = { GRANTED: 'Concedido', REFUSED: 'Recusado', MISSING: 'Ainda não perguntado' };
const methodLabels: Record<string, string> = { PAPER: 'Papel assinado', IN_PERSON: 'Presencialmente' };
const formLabels: Record<string, string> = { PSICOLOGIA: 'Anamnese psicológica', SOCIAL: 'Anamnese social' };
// Follow-up cases (issue 50), in the words of the app's pt-BR catalog (src/locales/pt-BR/cases.po).
const originLabels: Record<string, string> = {
  BELOW_THRESHOLD: 'Abaixo da frequência mínima',
  ABSENT_STREAK: 'Faltas seguidas',
  MANUAL: 'Aberto pelo perfil',
};
const stepLabels: Record<string, string> = {
  CONTACT: 'Contato',
  HOME_VISIT: 'Visita domiciliar',
  REFERRAL: 'Encaminhamento',
  CAUSES: 'Causas relatadas',
};
const channelLabels: Record<string, string> = { PHONE: 'Ligação', WHATSAPP: 'WhatsApp', IN_PERSON: 'Presencialmente', MESSAGE: 'Mensagem escrita' };
const contactLabels: Record<string, string> = { REACHED: 'Falou com a família', NOT_REACHED: 'Não falou com ninguém', MESSAGE_LEFT: 'Deixou recado' };
const referralLabels: Record<string, string> = {
  SCHOOL: 'Escola',
  CRAS: 'CRAS',
  CREAS: 'CREAS',
  CONSELHO_TUTELAR: 'Conselho Tutelar',
  HEALTH_UNIT: 'Unidade de saúde',
};
const causeLabels: Record<string, string> = {
  HEALTH: 'Saúde',
  FAMILY: 'Família',
  TRANSPORT: 'Transporte',
  WORK: 'Trabalho',
  VIOLENCE: 'Violência',
  PREGNANCY: 'Gravidez',
  LOST_INTEREST: 'Perdeu o interesse',
  MOVED: 'Mudança de endereço',
  OTHER: 'Outro',
};
const outcomeLabels: Record<string, string> = {
  RETURNED: 'Voltou',
  TRANSFERRED: 'Transferido',
  MOVED_AWAY: 'Mudou-se',
  LEFT_PROGRAMME: 'Saiu do programa',
  NOT_FOUND: 'Não localizado',
  OTHER: 'Outro',
};
const generalLabels: Record<string, string> = { PRESENT: 'Chegou', ABSENT: 'Não chegou' };
const label = (labels: Record<string, string>, value: string | null | undefined): string => (value ? (labels[value] ?? value) : '—');

function table(caption: string, head: string[], rows: string[][], level = 2): string {
  const heading = `<h${level}>${esc(caption)}</h${level}>`;
  if (rows.length === 0) return `${heading}<p>Nenhum registro.</p>`;
  return `${heading}<div class="wide" tabindex="0" role="region" aria-label="${esc(caption)}"><table><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

function fields(pairs: [string, string][]): string {
  return `<dl>${pairs.map(([name, value]) => `<dt>${esc(name)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/** Per year: how many marks of each kind (the frequency itself is the programme's rule, in the record: frequencyPercent). */
function yearSummary(data: StudentExport): string[][] {
  const years = new Map<string, Record<string, number>>();
  for (const mark of data.attendance) {
    const year = mark.date.slice(0, 4);
    const counts = years.get(year) ?? { PRESENT: 0, ABSENT: 0, JUSTIFIED: 0 };
    counts[mark.status] = (counts[mark.status] ?? 0) + 1;
    years.set(year, counts);
  }
  return [...years].map(([year, counts]) => [year, String(counts.PRESENT ?? 0), String(counts.ABSENT ?? 0), String(counts.JUSTIFIED ?? 0)]);
}

/** A step's particulars: a contact's channel and outcome, a referral's service and date, the causes heard. */
function stepDetail(step: StudentExport['cases'][number]['steps'][number]): string {
  if (step.kind === 'CONTACT')
    return `${label(channelLabels, step.channel)}: ${step.outcome ? label(contactLabels, step.outcome) : 'resultado ainda não informado'}`;
  if (step.kind === 'REFERRAL') return `${label(referralLabels, step.referralTo)}, em ${day(step.referralOn)}`;
  if (step.kind === 'CAUSES') return step.causes.map((cause) => label(causeLabels, cause)).join(', ');
  return '';
}

/** The follow-up cases (issue 50), each with its steps: causes and notes are the child's personal data too. */
function casesSection(data: StudentExport): string {
  if (data.cases.length === 0) return '<h2>Acompanhamentos (busca ativa)</h2><p>Nenhum registro.</p>';
  return `<h2>Acompanhamentos (busca ativa)</h2>${data.cases
    .map((found) => {
      const since = found.frequencySince;
      return (
        `<h3>Acompanhamento aberto em ${esc(day(found.openedOn))}${found.closedOn ? `, encerrado em ${esc(day(found.closedOn))}` : ' (em aberto)'}</h3>` +
        fields([
          ['Origem', esc(label(originLabels, found.origin))],
          ['Dia do alerta', esc(day(found.alertedOn))],
          ['Aberto por', esc(found.openedBy)],
          ['Observação', esc(found.note)],
          ...(found.closedOn
            ? ([
                ['Encerrado por', esc(found.closedBy)],
                ['Desfecho', esc(label(outcomeLabels, found.outcome))],
                ['Observação do encerramento', esc(found.closeNote)],
              ] as [string, string][])
            : ([['Próximo passo', `${esc(day(found.nextStepOn))}${found.late ? ' (atrasado)' : ''}`]] as [string, string][])),
          ...(since
            ? ([['Frequência desde o encerramento', `${esc(since.frequencyPercent)}% (${esc(since.rollDays)} dias de chamada)`]] as [
                string,
                string,
              ][])
            : []),
        ]) +
        table(
          'Passos',
          ['Quando', 'Tipo', 'Detalhe', 'Observação', 'Registrado por'],
          found.steps.map((step) => [
            esc(instant(step.at)),
            esc(label(stepLabels, step.kind)),
            esc(stepDetail(step)),
            esc(step.note),
            esc(step.recordedBy),
          ]),
          4,
        )
      );
    })
    .join('')}`;
}

/** The page; `files`: each document's path in the ZIP, by document id. */
export function studentExportPage(data: StudentExport, files: ReadonlyMap<string, string>, meta: { exportedAt: string; exportedBy: string }): string {
  const { student } = data;
  const address = [student.address.street, student.address.number, student.address.complement, student.address.code].filter(Boolean).join(', ');
  const guardianName = new Map(data.guardians.map((guardian) => [guardian.id, guardian.name]));
  const sections = [
    `<h1>Dados de ${esc(student.fullName)}</h1>`,
    `<p>Cópia de tudo o que o programa guarda no Quadra sobre esta criança ou adolescente (LGPD, art. 18, II e V), gerada em ${esc(
      instant(meta.exportedAt),
    )} por ${esc(meta.exportedBy)}. Esta exportação ficou registrada no registro de acessos. Os mesmos dados estão em <code>data.json</code>, e os arquivos dos documentos na pasta <code>documentos</code>.</p>`,
    '<h2>Cadastro</h2>',
    fields([
      ['Nome completo', esc(student.fullName)],
      ['Data de nascimento', esc(day(student.dateOfBirth))],
      ['CPF', esc(student.registrationNumber)],
      ['Data de inscrição', esc(day(student.enrollmentDate))],
      ['Raça/cor', esc(code(student.race))],
      ['Gênero', esc(code(student.gender))],
      ['Escola', esc(student.schoolName)],
      ['Ano escolar', esc(student.schoolYear)],
      ['Programa social', esc(code(student.socialProgram))],
      ['Situação de trabalho', esc(code(student.employmentStatus))],
      ['Escolaridade', esc(code(student.educationLevel))],
      ['Endereço', esc(address)],
      ['Situação', student.active ? 'Ativo' : `Inativo desde ${esc(day(student.statusDate))} (${esc(student.statusReason)})`],
      ['Frequência', `${esc(student.frequencyPercent)}%`],
    ]),
    table(
      'Períodos inativo',
      ['De', 'Até', 'Motivo'],
      data.statusHistory.map((row) => [esc(day(row.from)), esc(day(row.until)), esc(row.reason)]),
    ),
    '<h2>Responsáveis</h2>',
    data.guardians.length === 0
      ? '<p>Nenhum registro.</p>'
      : data.guardians
          .map(
            (g) =>
              `<h3>${esc(g.name)}${g.removedAt ? ` (removido em ${esc(instant(g.removedAt))})` : ''}</h3>` +
              fields([
                ['CPF', esc(g.cpf)],
                ['Nascimento', esc(day(g.birthDate))],
                ['Estado civil', esc(code(g.civilState))],
                ['NIS', esc(g.nis)],
                ['Telefone', esc(g.phone)],
                ['E-mail', esc(g.email)],
                ['Endereço', esc(g.address)],
              ]),
          )
          .join(''),
    table(
      'Matrículas nas turmas',
      ['Atividade', 'Turma', 'De', 'Até'],
      data.enrolments.map((e) => [esc(e.activityName), esc(e.classTitle), esc(day(e.from)), esc(day(e.to))]),
    ),
    table('Chamadas por ano', ['Ano', 'Presenças', 'Faltas', 'Faltas justificadas'], yearSummary(data)),
    table(
      'Todas as marcações de chamada',
      ['Data', 'Atividade', 'Turma', 'Marcação', 'Motivo', 'Observação', 'Conta na frequência'],
      data.attendance.map((m) => [
        esc(day(m.date)),
        esc(m.activityName),
        esc(m.classTitle),
        esc(label(statusLabels, m.status)),
        esc(m.reason ? label(reasonLabels, m.reason) : ''),
        esc(m.note),
        m.counted ? 'Sim' : 'Não (dia sem aula)',
      ]),
    ),
    table(
      'Chamada geral (chegada ao centro)',
      ['Data', 'Marcação', 'Registrada por', 'Registrada em'],
      data.generalRoll.map((g) => [esc(day(g.date)), esc(label(generalLabels, g.status)), esc(g.takenBy), esc(instant(g.takenAt))]),
    ),
    '<h2>Consentimentos: situação atual</h2>',
    fields(Object.entries(data.consents.current).map(([purpose, state]) => [label(purposeLabels, purpose), esc(label(stateLabels, state))])),
    table(
      'Consentimentos: histórico',
      ['Data', 'Finalidade', 'Decisão', 'Responsável', 'Versão do termo', 'Forma', 'Registrado por', 'Registrado em'],
      data.consents.entries.map((c) => [
        esc(day(c.date)),
        esc(label(purposeLabels, c.purpose)),
        c.granted ? 'Concedido' : 'Recusado ou revogado',
        esc(c.guardianName ?? guardianName.get(c.guardianId)),
        esc(c.termVersion),
        esc(label(methodLabels, c.method)),
        esc(c.recordedBy),
        esc(instant(c.recordedAt)),
      ]),
    ),
    ...data.consents.terms.map(
      (term) => `<h3>Termo: ${esc(label(purposeLabels, term.purpose))}, versão ${esc(term.version)}</h3><p class="term">${esc(term.text)}</p>`,
    ),
    ...data.assessments.map(({ assessment, form }) =>
      table(
        `${label(formLabels, assessment.formType)} (versão ${assessment.formVersion}, salva em ${instant(assessment.writtenAt)})`,
        ['Pergunta', 'Resposta'],
        (form?.questions ?? Object.keys(assessment.answers).map((id) => ({ id, text: id }))).map((question) => {
          const answer = assessment.answers[question.id];
          const text = !answer
            ? ''
            : [answer.yes === undefined ? undefined : answer.yes ? 'Sim' : 'Não', answer.choice, answer.text, answer.detail]
                .filter(Boolean)
                .join(' — ');
          return [esc(question.text), esc(text)];
        }),
      ),
    ),
    casesSection(data),
    table(
      'Documentos',
      ['Arquivo', 'Tipo', 'Origem', 'Data', 'Descrição', 'Tamanho'],
      data.documents.map((d) => [
        `<a href="${esc(files.get(d.id))}">${esc(d.fileName)}</a>`,
        esc(code(d.fileType)),
        esc(d.origin),
        esc(day(d.date)),
        esc(d.description),
        `${Math.ceil(d.size / 1024)} KB`,
      ]),
    ),
    table(
      'Registro de acessos (quem leu ou alterou estes dados)',
      ['Quando', 'Quem', 'Tipo', 'O quê', 'Resultado'],
      data.accessRecord.map((a) => [
        esc(instant(a.at)),
        esc(a.userName ? `${a.userName} (${a.userEmail})` : a.userEmail),
        a.kind === 'write' ? 'Alteração' : 'Leitura',
        esc(`${a.method} ${a.route}`),
        esc(a.status),
      ]),
    ),
  ];
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dados de ${esc(student.fullName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}.wide{overflow-x:auto;margin-bottom:1rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}.term{white-space:pre-wrap}
@media print{a{color:inherit}}</style></head>
<body><main>${sections.join('\n')}</main></body></html>
`;
}
