import { describe, expect, it } from 'vitest';
import { guardianRows } from '../../../src/features/guardians/guardians-page.tsx';
import { pendingGuardianWrites } from '../../../src/api/guardians.ts';
import type { OutboxRow } from '../../../src/lib/db.ts';

const guardian = (id: string) => ({
  id,
  name: `Responsável ${id}`,
  cpf: '52998224725',
  birthDate: '1980-05-17',
  civilState: 'CASADO',
  nis: '12345678901',
  phone: '(11) 98888-7777',
  email: `${id}@example.com`,
  address: 'Rua A, 1',
  version: 1,
});
const removal = (guardianId: string, state: 'pending' | 'failed'): OutboxRow => ({
  id: `r-${guardianId}`,
  kind: 'guardian.remove',
  payload: { studentId: 's1', guardianId, version: 1 },
  createdAt: 1,
  state,
  nextAttemptAt: 0,
  attempts: [],
  ...(state === 'failed' ? { reason: 'No.', reasonCode: 'stale-version' } : {}),
});

describe("the guardians page's cards", () => {
  it('mark a removal this device has not sent yet, and a refused one as not saved', () => {
    const rows = guardianRows(
      [guardian('g1'), guardian('g2'), guardian('g3')],
      pendingGuardianWrites(
        [
          removal('g1', 'pending'),
          removal('g2', 'failed'),
          { ...removal('g3', 'pending'), payload: { studentId: 's2', guardianId: 'g3', version: 1 } },
        ],
        's1',
      ),
    );
    expect(rows.map(({ id, removing, pending, reasonCode }) => ({ id, removing, pending, reasonCode }))).toEqual([
      { id: 'g1', removing: true, pending: undefined, reasonCode: undefined },
      { id: 'g2', removing: undefined, pending: 'failed', reasonCode: 'stale-version' },
      { id: 'g3', removing: undefined, pending: undefined, reasonCode: undefined },
    ]);
  });
});
