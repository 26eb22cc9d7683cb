import type { GuardianFormValues } from '../../../src/features/guardians/guardian-form.ts';

/** A guardian form filled with valid values (a real CPF, a leap day). */
export const filledGuardian: GuardianFormValues = {
  name: 'Maria Souza',
  cpf: '529.982.247-25',
  nis: '12345678901',
  address: 'Rua A, 1',
  phone: '(11) 98765-4321',
  email: 'maria@example.com',
  civilState: 'CASADO',
  birthDate: '1980-02-29',
  relationship: 'MAE',
  socialName: '',
};
