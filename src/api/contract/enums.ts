/**
 * The enumerations (SPEC §3) and their filter endpoints, access levels, activity areas and frequencies.
 * Part of the API contract (src/api/contract.ts re-exports it): import it from there.
 */
import * as z from 'zod/mini';

// ---- Enumerations (SPEC §3): codes as the server sends them ----
export const enums = {
  race: ['BRANCA', 'PRETA', 'PARDA', 'AMARELA', 'INDIGENA', 'NA'],
  // Issue 52: the programme's backend's list; MASCULINO, FEMININO and OUTRO keep their meaning.
  gender: ['MASCULINO', 'FEMININO', 'HOMEM_TRANS', 'MULHER_TRANS', 'TRAVESTI', 'NAO_BINARIO', 'OUTRO'],
  socialProgram: ['BOLSA_FAMILIA', 'BPC_LOAS', 'TARIFA_SOCIAL_DE_ENERGIA', 'AUXILIO_GAS', 'PROGRAMA_ESTADUAL', 'PROGRAMA_MUNICIPAL_VIA_CRAS'],
  employmentStatus: ['EMPREGADO', 'DESEMPREGADO', 'ESTUDANTE', 'ESTAGIARIO', 'APRENDIZ', 'AUTONOMO', 'OUTRO'],
  educationLevel: [
    'NENHUM',
    'ALFABETIZADO',
    'FUNDAMENTAL_INCOMPLETO',
    'FUNDAMENTAL_COMPLETO',
    'ENSINO_MEDIO_INCOMPLETO',
    'ENSINO_MEDIO_COMPLETO',
    'SUPERIOR_INCOMPLETO',
    'SUPERIOR_COMPLETO',
    'POS_GRADUACAO',
  ],
  identityType: ['RG', 'CPF', 'CERTIDAO_NASCIMENTO'],
  documentType: ['COMPROVANTE_RESIDENCIA', 'COMPROVANTE_RENDA', 'OUTRO'],
  weekDay: ['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO', 'DOMINGO'],
  level: ['INICIANTE', 'INTERMEDIARIO', 'AVANCADO', 'TODOS_NIVEIS'],
  civilState: ['SOLTEIRO', 'CASADO', 'DIVORCIADO', 'VIUVO'],
  /** Issue 52: the school year as the programme's backend codes it (a record may still hold the text typed before). */
  schoolYear: [
    'EDUCACAO_INFANTIL',
    'FUNDAMENTAL_1',
    'FUNDAMENTAL_2',
    'FUNDAMENTAL_3',
    'FUNDAMENTAL_4',
    'FUNDAMENTAL_5',
    'FUNDAMENTAL_6',
    'FUNDAMENTAL_7',
    'FUNDAMENTAL_8',
    'FUNDAMENTAL_9',
    'ENSINO_MEDIO_1',
    'ENSINO_MEDIO_2',
    'ENSINO_MEDIO_3',
    'EJA',
  ],
  /** Issue 52: the school shift (turno escolar); INTEGRAL is the full-day school. */
  schoolShift: ['MANHA', 'TARDE', 'NOITE', 'INTEGRAL'],
  /** Issue 52: a guardian's relationship to the child: mother, father, grandparent, other relative, other. */
  relationship: ['MAE', 'PAI', 'AVO', 'OUTRO_FAMILIAR', 'OUTRO'],
} as const;
export type EnumName = keyof typeof enums;
export type EnumCode<N extends EnumName> = (typeof enums)[N][number];

/** The ten filter endpoints (SPEC §7), and issue 52's three: each answers an array of code strings. */
export const filterPaths: Record<EnumName, string> = {
  race: 'filters/race',
  gender: 'filters/gender',
  socialProgram: 'filters/social-program',
  employmentStatus: 'filters/employment-status',
  educationLevel: 'filters/education-level',
  identityType: 'filters/identity-types',
  documentType: 'filters/document-types',
  weekDay: 'filters/week-days',
  level: 'filters/levels',
  civilState: 'filters/civil-states',
  schoolYear: 'filters/school-years',
  schoolShift: 'filters/school-shifts',
  relationship: 'filters/relationships',
};
export const filterAnswerSchema = z.array(z.string().check(z.minLength(1)));

export const accessLevels = [
  'admin',
  'coordenador',
  'instrutor',
  'psicologo',
  'administrativo',
  'assistente_social',
  'estagiario_psicologia',
  'estagiario_servico_social',
] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Activity areas and frequencies as the programme writes them (SPEC §3, §9). */
export const activityAreas = ['Esportes', 'Academia', 'Aquáticos', 'Bem-estar', 'Tecnologia'] as const;
export const activityFrequencies = ['Diária', 'Semanal', 'Mensal'] as const;
