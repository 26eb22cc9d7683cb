/**
 * The funder's pack (issue 53): GET /reports/funder-pack, downloaded as one ZIP made by the server. Never kept on the
 * device (it names children): it goes straight to the user's downloads.
 */
import { getBlob } from '../lib/http.ts';
import type { BeneficiariesPeriod } from './beneficiaries.ts';

export function downloadFunderPack(period: BeneficiariesPeriod, fullCpf: boolean): Promise<Blob> {
  const search = new URLSearchParams({ from: period.from, to: period.to });
  for (const id of [...period.activityIds].sort()) search.append('activityId', id);
  if (fullCpf) search.set('cpf', 'full');
  return getBlob(`reports/funder-pack?${search.toString()}`);
}
