import { describe, expect, it } from 'vitest';
import {
  searchForEdit,
  textSearchPatch,
  validateGuardian,
  valuesFromSearch,
  type GuardianFormValues,
} from '../../../src/features/guardians/guardian-form.ts';
import { parseGuardianSearch } from '../../../src/features/guardians/guardian-search.ts';
import { filledGuardian } from './guardian-fixture.ts';

const filled = filledGuardian;

describe('guardian validation (SPEC §5, as issue 52 narrows it)', () => {
  it.each(['name', 'cpf', 'birthDate', 'phone', 'relationship'] as (keyof GuardianFormValues)[])(
    'an empty %s asks to fill in all fields',
    (field) => {
      expect(validateGuardian({ ...filled, [field]: '' })).toEqual({ ok: false, empty: true });
      expect(validateGuardian({ ...filled, [field]: '   ' })).toEqual({ ok: false, empty: true });
    },
  );

  it('a grandmother with neither e-mail nor NIS nor address nor civil status is valid, sent with those fields empty', () => {
    const result = validateGuardian({ ...filled, relationship: 'AVO', email: '', nis: ' ', address: '', civilState: '', socialName: 'Dona Dora' });
    expect(result).toEqual({
      ok: true,
      fields: { ...filled, cpf: '52998224725', relationship: 'AVO', email: '', nis: '', address: '', civilState: '', socialName: 'Dona Dora' },
    });
  });

  it('reads the relationship (select2) and the social name (text7) from the URL, beside the SPEC’s parameters', () => {
    const values = valuesFromSearch(parseGuardianSearch({ text1: 'Maria', select2: 'AVO', text7: 'Dora', select1: 'CASADO' }));
    expect(values).toMatchObject({ name: 'Maria', relationship: 'AVO', socialName: 'Dora', civilState: 'CASADO' });
    expect(valuesFromSearch(parseGuardianSearch({ select2: 'VIZINHO' })).relationship).toBe('');
    expect(textSearchPatch({ ...filled, socialName: 'Dora' }).text7).toBe('Dora');
  });

  it('checks the CPF check digits', () => {
    expect(validateGuardian({ ...filled, cpf: '529.982.247-24' })).toEqual({ ok: false, empty: false, cpf: 'invalid' });
    expect(validateGuardian({ ...filled, cpf: '111.111.111-11' })).toMatchObject({ ok: false, cpf: 'invalid' });
  });

  it('checks the email format', () => {
    expect(validateGuardian({ ...filled, email: 'maria@' })).toEqual({ ok: false, empty: false, email: 'invalid' });
  });

  it('reports every bad field at once', () => {
    expect(validateGuardian({ ...filled, email: 'x', cpf: '123', birthDate: '2023-02-30' })).toEqual({
      ok: false,
      empty: false,
      cpf: 'invalid',
      email: 'invalid',
      birthDate: 'invalid',
    });
  });

  it('gives the trimmed fields, CPF as digits', () => {
    expect(validateGuardian({ ...filled, name: '  Maria Souza ' })).toEqual({
      ok: true,
      fields: { ...filled, cpf: '52998224725' },
    });
  });
});

describe('guardian URL parameters', () => {
  it('map text1..text6, select1 and date1 to the fields', () => {
    expect(
      valuesFromSearch({ text1: 'N', text2: 'C', text3: 'I', text4: 'A', text5: 'P', text6: 'E', select1: 'VIUVO', date1: '2000-01-01' }),
    ).toEqual({
      name: 'N',
      cpf: 'C',
      nis: 'I',
      address: 'A',
      phone: 'P',
      email: 'E',
      civilState: 'VIUVO',
      birthDate: '2000-01-01',
      relationship: '',
      socialName: '',
    });
  });

  it('ignore an unknown civil status', () => {
    expect(valuesFromSearch({ select1: 'NAMORANDO' }).civilState).toBe('');
  });

  it('keep numbers typed in the URL as text, and drop junk', () => {
    expect(parseGuardianSearch({ text2: 52998224725, text3: { a: 1 }, other: 'x' })).toEqual({ text2: '52998224725' });
  });

  it('leave the URL when emptied', () => {
    expect(textSearchPatch({ ...filled, name: '', email: '' })).toMatchObject({ text1: undefined, text6: undefined, text2: filled.cpf });
  });

  it("open the edit modal by the guardian's id alone: a stored CPF or address never goes into the address bar", () => {
    expect(searchForEdit({ id: 'g1' })).toEqual({ action: 'open-edit-responsible-modal', responsibleId: 'g1' });
  });
});
