import { describe, expect, it } from 'vitest';
import {
  checkPastDate,
  checkRegistration,
  emptyRegistration,
  toStudentCreate,
} from '../../../src/features/student-registration/registration-values.ts';
import { studentCreateSchema } from '../../../src/api/contract.ts';

const today = new Date(2026, 5, 15);

describe('registration checks', () => {
  it('dates must be real and not in the future; empty is fine', () => {
    expect(checkPastDate('', today)).toBeNull();
    expect(checkPastDate('2026-06-15', today)).toBeNull();
    expect(checkPastDate('2026-06-16', today)?.message).toBe('The date cannot be in the future.');
    expect(checkPastDate('2023-02-30', today)?.message).toBe('Enter a valid date.');
    expect(checkPastDate('15/06/2020', today)?.message).toBe('Enter a valid date.');
  });

  it('reports each failed field and nothing else', () => {
    const errors = checkRegistration({ ...emptyRegistration, registrationNumber: '111.111.111-11', zip: '0100-100' }, today);
    expect(Object.keys(errors).sort()).toEqual(['fullName', 'registrationNumber', 'zip']);
    expect(checkRegistration({ ...emptyRegistration, fullName: 'Ana', registrationNumber: '52998224725', zip: '01001-000' }, today)).toEqual({});
  });

  it('builds a body the server contract accepts, without empty fields', () => {
    const body = toStudentCreate(
      { ...emptyRegistration, fullName: ' Ana ', zip: '01001-000', street: 'Praça da Sé', schoolYear: ' ', educationLevel: 'NENHUM' },
      '7b0e7c36-8f57-4d3f-9a59-2a7a3c1b2f10',
    );
    expect(body).toEqual({
      id: '7b0e7c36-8f57-4d3f-9a59-2a7a3c1b2f10',
      fullName: 'Ana',
      educationLevel: 'NENHUM',
      address: { code: '01001000', street: 'Praça da Sé' },
    });
    expect(studentCreateSchema.safeParse(body).success).toBe(true);
    expect(toStudentCreate({ ...emptyRegistration, fullName: 'B' }, '7b0e7c36-8f57-4d3f-9a59-2a7a3c1b2f10').address).toBeUndefined();
  });
});
