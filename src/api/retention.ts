/**
 * Retention and anonymisation (issue 51): the students past the retention period (GET /retention) and the
 * anonymisation of one (POST /students/{id}/anonymise). The anonymisation is sent at once, never through the outbox: it
 * is for good, so it is decided against the server's list as it is now, online, with the admin watching the answer; a
 * click kept on a device for later could land after the student came back.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../lib/http.ts';
import type { Anonymised } from './retention-contract.ts';

export const retentionKeys = { all: ['retention'] as const };

export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: retentionKeys.all,
    queryFn: () => getParsed('retention', () => import('./retention-contract.ts').then((contract) => contract.retentionListSchema)),
  });

/** Anonymises one listed student (a resend answers the same code). */
export async function anonymiseStudent(id: string): Promise<Anonymised> {
  const { anonymisedSchema } = await import('./retention-contract.ts');
  return sendParsed('post', `students/${encodeURIComponent(id)}/anonymise`, undefined, anonymisedSchema);
}
