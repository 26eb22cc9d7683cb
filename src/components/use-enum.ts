import { useLingui } from '@lingui/react';
import type { EnumName } from '../api/contract.ts';
import { useFilterCodes } from '../api/filters.ts';
import { enumLabels } from './enum-labels.ts';

export type EnumOption = { value: string; label: string };

/** A function giving the translated label of a code of one enum (the code itself when unknown). */
export function useEnumLabel(name: EnumName): (code: string) => string {
  const { i18n } = useLingui();
  return (code) => {
    const descriptor = enumLabels[name][code];
    return descriptor ? i18n._(descriptor) : code;
  };
}

/** Select options for an enum: an empty first option, then the server's codes with translated labels (SPEC §3). */
export function useEnumOptions(name: EnumName, emptyLabel = ''): EnumOption[] {
  const codes = useFilterCodes(name);
  const label = useEnumLabel(name);
  return [{ value: '', label: emptyLabel }, ...codes.map((code) => ({ value: code, label: label(code) }))];
}
