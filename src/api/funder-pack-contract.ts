/**
 * The funder's pack (issue 53): GET /reports/funder-pack?from=&to=[&activityId=...][&cpf=full], one ZIP made for the
 * request: the nominal list (beneficiarios.xlsx, beneficiarios.csv), a signed attendance list per class and month
 * (frequencia/<activity>/<class>-<YYYY-MM>.pdf), the period's figures (resumo.pdf) and the children without image-use
 * consent (sem-autorizacao-de-imagem.csv). A period of at most a year (it ends before the same day a year later). The CPF is masked (***.456.789-**) unless `cpf=full` asks for it in full.
 */
import * as z from 'zod/mini';
import { beneficiariesQuerySchema } from './beneficiaries-contract.ts';

export const funderPackQuerySchema = z.extend(beneficiariesQuerySchema, {
  /** `full`: the CPF written in full in the nominal list (the screen warns); absent: masked. */
  cpf: z.optional(z.enum(['full'])),
});
export type FunderPackQuery = z.infer<typeof funderPackQuerySchema>;

/** The pack's file name: quadra-prestacao-de-contas-<from>-a-<to>.zip. */
export const funderPackFileName = (from: string, to: string): string => `quadra-prestacao-de-contas-${from}-a-${to}.zip`;
