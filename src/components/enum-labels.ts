/** Translated labels for the server's enum codes (SPEC §3) and access levels. Unknown codes show as they came. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EnumName } from '../api/contract.ts';

export const enumLabels: Record<EnumName, Record<string, MessageDescriptor>> = {
  race: {
    BRANCA: msg`White`,
    PRETA: msg`Black`,
    PARDA: msg`Mixed race`,
    AMARELA: msg`Asian`,
    INDIGENA: msg`Indigenous`,
    NA: msg`Prefer not to say`,
  },
  gender: { MASCULINO: msg`Male`, FEMININO: msg`Female`, OUTRO: msg`Other` },
  socialProgram: {
    BOLSA_FAMILIA: msg`Bolsa Família`,
    BPC_LOAS: msg`BPC/LOAS`,
    TARIFA_SOCIAL_DE_ENERGIA: msg`Social energy tariff`,
    AUXILIO_GAS: msg`Gas allowance`,
    PROGRAMA_ESTADUAL: msg`State program`,
    PROGRAMA_MUNICIPAL_VIA_CRAS: msg`Municipal program (CRAS)`,
  },
  employmentStatus: {
    EMPREGADO: msg`Employed`,
    DESEMPREGADO: msg`Unemployed`,
    // Not the programme's student (educando): someone whose occupation is studying.
    ESTUDANTE: msg({ message: 'Student', context: 'employment status' }),
    OUTRO: msg`Other`,
  },
  educationLevel: {
    NENHUM: msg`None`,
    ALFABETIZADO: msg`Literate`,
    FUNDAMENTAL_INCOMPLETO: msg`Primary school, incomplete`,
    FUNDAMENTAL_COMPLETO: msg`Primary school, complete`,
    ENSINO_MEDIO_INCOMPLETO: msg`High school, incomplete`,
    ENSINO_MEDIO_COMPLETO: msg`High school, complete`,
    SUPERIOR_INCOMPLETO: msg`Higher education, incomplete`,
    SUPERIOR_COMPLETO: msg`Higher education, complete`,
    POS_GRADUACAO: msg`Postgraduate`,
  },
  identityType: { RG: msg`ID card (RG)`, CPF: msg`CPF`, CERTIDAO_NASCIMENTO: msg`Birth certificate` },
  documentType: {
    COMPROVANTE_RESIDENCIA: msg`Proof of address`,
    COMPROVANTE_RENDA: msg`Proof of income`,
    OUTRO: msg`Other`,
  },
  weekDay: {
    SEGUNDA: msg`Monday`,
    TERCA: msg`Tuesday`,
    QUARTA: msg`Wednesday`,
    QUINTA: msg`Thursday`,
    SEXTA: msg`Friday`,
    SABADO: msg`Saturday`,
    DOMINGO: msg`Sunday`,
  },
  level: {
    INICIANTE: msg`Beginner`,
    INTERMEDIARIO: msg`Intermediate`,
    AVANCADO: msg`Advanced`,
    TODOS_NIVEIS: msg`All levels`,
  },
  civilState: { SOLTEIRO: msg`Single`, CASADO: msg`Married`, DIVORCIADO: msg`Divorced`, VIUVO: msg`Widowed` },
};

export const accessLabels: Record<string, MessageDescriptor> = {
  admin: msg`Administrator`,
  coordenador: msg`Coordinator`,
  instrutor: msg`Instructor`,
  psicologo: msg`Psychologist`,
  administrativo: msg`Administrative staff`,
  assistente_social: msg`Social worker`,
  estagiario_psicologia: msg`Psychology intern`,
  estagiario_servico_social: msg`Social work intern`,
};
