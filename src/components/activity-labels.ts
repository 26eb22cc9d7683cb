/**
 * Translated labels for the programme's areas and frequencies (SPEC §3), for every screen that shows an activity (the
 * activities list, the attendance picker); any other value shows as the server sent it.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

export const areaLabels: Record<string, MessageDescriptor> = {
  esportes: msg`Sports`,
  academia: msg`Gym`,
  aquáticos: msg`Aquatics`,
  'bem-estar': msg`Wellness`,
  tecnologia: msg`Technology`,
};

export const frequencyLabels: Record<string, MessageDescriptor> = {
  diária: msg`Daily`,
  semanal: msg`Weekly`,
  mensal: msg`Monthly`,
};

const labelKey = (value: string) => value.toLocaleLowerCase('pt-BR');

/** The label functions for the current language. */
export function useActivityLabels(): { area: (value: string) => string; frequency: (value: string) => string } {
  const { i18n } = useLingui();
  const label = (labels: Record<string, MessageDescriptor>, value: string) => {
    const descriptor = labels[labelKey(value)];
    return descriptor ? i18n._(descriptor) : value;
  };
  return { area: (value) => label(areaLabels, value), frequency: (value) => label(frequencyLabels, value) };
}
