/**
 * The pack's words (issue 53): the funder reads Portuguese, whatever language the coordinator's screen is in, so the
 * pack's files are written in Portuguese on the server (as the guardian's copy is, student-export-page.ts).
 */
import type { NotHeldReason } from '../../src/api/contract.ts';

export const genderLabels: Record<string, string> = { MASCULINO: 'Masculino', FEMININO: 'Feminino', OUTRO: 'Outro' };
export const raceLabels: Record<string, string> = {
  BRANCA: 'Branca',
  PRETA: 'Preta',
  PARDA: 'Parda',
  AMARELA: 'Amarela',
  INDIGENA: 'Indígena',
  NA: 'Não declarada',
};
export const socialProgramLabels: Record<string, string> = {
  BOLSA_FAMILIA: 'Bolsa Família',
  BPC_LOAS: 'BPC/LOAS',
  TARIFA_SOCIAL_DE_ENERGIA: 'Tarifa Social de Energia',
  AUXILIO_GAS: 'Auxílio Gás',
  PROGRAMA_ESTADUAL: 'Programa estadual',
  PROGRAMA_MUNICIPAL_VIA_CRAS: 'Programa municipal (CRAS)',
};
export const notHeldLabels: Record<NotHeldReason, string> = {
  WEATHER: 'clima',
  INSTRUCTOR_ABSENT: 'instrutor ausente',
  VENUE: 'local indisponível',
  EVENT: 'evento do programa',
  OTHER: 'outro motivo',
};
export const weekDayLabels: Record<string, string> = {
  DOMINGO: 'Domingo',
  SEGUNDA: 'Segunda',
  TERCA: 'Terça',
  QUARTA: 'Quarta',
  QUINTA: 'Quinta',
  SEXTA: 'Sexta',
  SABADO: 'Sábado',
};
const monthNames = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** A code's label, the code itself when it has none, '' for none. */
export const label = (labels: Record<string, string>, code: string | null): string => (code === null ? '' : (labels[code] ?? code));

/** YYYY-MM-DD as dd/mm/aaaa. */
export const dayText = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** YYYY-MM as "março de 2025". */
export const monthText = (month: string): string => `${monthNames[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
/** A percentage with a decimal comma ("66,7 %"). */
export const percentText = (value: number): string => `${String(value).replace('.', ',')} %`;

/** A CPF (11 digits) masked as the funder's lists show it: only the middle six digits, `***.456.789-**`. */
export function maskCpf(cpf: string): string {
  return cpf.length === 11 ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : '***';
}
/** A CPF written in full, `123.456.789-09`. */
export function fullCpf(cpf: string): string {
  return cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf;
}

/** A name safe as a file or folder name in the ZIP: no separators or control characters, not empty, not too long. */
export function pathPart(text: string, fallback: string): string {
  const safe = text
    // eslint-disable-next-line no-control-regex -- a control character is what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 80);
  return safe || fallback;
}
