/** Translated labels for the programme's areas and frequencies (SPEC §3); any other value shows as the server sent it. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const areaLabels: Record<string, MessageDescriptor> = {
  esportes: msg`Sports`,
  academia: msg`Gym`,
  'aquáticos': msg`Aquatics`,
  'bem-estar': msg`Wellness`,
  tecnologia: msg`Technology`,
};

export const frequencyLabels: Record<string, MessageDescriptor> = {
  'diária': msg`Daily`,
  semanal: msg`Weekly`,
  mensal: msg`Monthly`,
};

export const labelKey = (value: string) => value.toLocaleLowerCase('pt-BR');
