import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { otherLocale, switchLocale, type Locale } from '../lib/i18n.ts';

const shortNames: Record<Locale, string> = { 'pt-BR': 'PT', 'en-US': 'EN' };

/** SPEC §4: saves the preference and reloads the page. */
export function LanguageToggle() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const next = otherLocale(i18n.locale as Locale);
  const label = next === 'en-US' ? t`Switch to English` : t`Switch to Portuguese`;
  return (
    <Button variant="default" size="sm" miw={44} px="xs" mih={44} onClick={() => switchLocale(next)} aria-label={label} title={label}>
      {shortNames[next]}
    </Button>
  );
}
