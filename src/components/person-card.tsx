import { Card, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatCpf } from '@brazilian-utils/brazilian-utils';
import type { ReactNode } from 'react';
import { useEnumLabel } from './use-enum.ts';
import { EmailText } from './email-text.tsx';

export type Person = {
  name: string;
  cpf: string;
  birthDate: string;
  civilState: string;
  nis: string;
  phone: string;
  email: string;
  address: string;
  /** Issue 52: absent from sample and older records. */
  relationship?: string;
  socialName?: string;
};

/** One formatter a locale: making one costs more than formatting (a page of a hundred dates made a hundred). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormatOf = (locale: string): Intl.DateTimeFormat => {
  let format = dateFormats.get(locale);
  if (!format)
    dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' })));
  return format;
};

/**
 * A YYYY-MM-DD date in the reader's locale; computed in UTC so the day never shifts with the time zone.
 * Text that is not a calendar day (2023-02-30, month 13) is shown as it came rather than as another day.
 */
export function formatBirthDate(value: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return value;
  const parts = dateFormatOf(locale).formatToParts(date);
  // The year as written: 0050 rather than 50, 0000 rather than 1 (BC).
  return parts.map((part) => (part.type === 'year' ? match[1] : part.value)).join('');
}

/** CPF shown as 000.000.000-00 when it has 11 digits; anything else as it came. */
export function formatCpfForDisplay(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 ? formatCpf(digits) : value;
}

type Props = { person: Person; badge?: ReactNode; actions?: ReactNode; testId?: string };

/**
 * SPEC §2: a guardian's card (also on the demo page): name, CPF, birth date, civil status, NIS, phone, email, address;
 * issue 52: the relationship to the child, and a social name, which heads the card (the civil name is a row then).
 * A field left empty (NIS, e-mail, address, civil status may be) shows a dash.
 */
export function PersonCard({ person, badge, actions, testId }: Props) {
  const { t, i18n } = useLingui();
  const civilLabel = useEnumLabel('civilState');
  const relationshipLabel = useEnumLabel('relationship');
  const dash = (value: string) => value || '—';
  const rows: [string, ReactNode][] = [
    ...(person.socialName ? ([[t`Civil name`, person.name]] as [string, ReactNode][]) : []),
    ...(person.relationship ? ([[t`Relationship`, relationshipLabel(person.relationship)]] as [string, ReactNode][]) : []),
    [t`CPF`, formatCpfForDisplay(person.cpf)],
    [t`Birth date`, formatBirthDate(person.birthDate, i18n.locale)],
    [t`Civil status`, person.civilState ? civilLabel(person.civilState) : '—'],
    [t`NIS`, dash(person.nis)],
    [t`Phone`, person.phone],
    [t`Email`, person.email ? <EmailText key="email" email={person.email} /> : '—'],
    [t`Address`, dash(person.address)],
  ];
  return (
    <Card withBorder padding="lg" role="listitem" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="xs">
        <Text fw={700} size="lg" style={{ overflowWrap: 'break-word' }}>
          {person.socialName || person.name}
        </Text>
        {badge}
      </Group>
      <Stack gap={4} component="dl" m={0}>
        {rows.map(([label, value]) => (
          // Wraps as a whole: a long value moves under its label instead of breaking a date in two.
          <Group key={label} gap={6} wrap="wrap" align="baseline">
            <Text component="dt" size="sm" c="gray.7">
              {label}:
            </Text>
            <Text component="dd" size="sm" m={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {actions ? (
        <Group mt="md" gap="xs">
          {actions}
        </Group>
      ) : null}
    </Card>
  );
}
