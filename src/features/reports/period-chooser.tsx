/**
 * The funders' report's period and activities (issue 53): a month, a quarter, a half year, the year, or any two dates;
 * the whole programme or some activities. Every change is the new address (the parent navigates).
 */
import { useState } from 'react';
import { Chip, Fieldset, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { currentPeriod, kindOf, periodOf, periodsInYear, type Period, type PeriodKind } from './report-period.ts';

/** The years offered: this one and the five before it (the records are kept five years), and the period's own. */
function yearsAround(year: number, thisYear: number): number[] {
  const years = new Set([...Array.from({ length: 6 }, (_, i) => thisYear - i), year]);
  return [...years].sort((a, b) => b - a);
}

export function PeriodChooser({
  period,
  activityIds,
  onChange,
}: {
  period: Period;
  activityIds: string[];
  onChange: (period: Period, activityIds: string[]) => void;
}) {
  const { t, i18n } = useLingui();
  const { kind, year, index } = kindOf(period);
  // "Two dates" chosen with the dates still those of a month: stays on two dates until one changes
  const [ownDates, setOwnDates] = useState(false);
  const shownKind: PeriodKind = ownDates ? 'dates' : kind;
  const [draft, setDraft] = useState(period);
  const activities = useQuery(activitiesQueryOptions()).data ?? [];
  const thisYear = Number(localIsoDate().slice(0, 4));
  const kindLabels: Record<PeriodKind, string> = {
    month: t`A month`,
    quarter: t`A quarter`,
    half: t`A half year`,
    year: t`The year`,
    dates: t`Any two dates`,
  };
  const monthName = (month: number) => new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1));
  const indexLabel = (k: PeriodKind, i: number): string => {
    if (k === 'month') return monthName(i);
    const n = i + 1;
    return k === 'quarter' ? t`Quarter ${n}` : t`Half ${n}`;
  };
  const choose = (next: Period) => onChange(next, activityIds);
  const reversed = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const setDates = (next: Period) => {
    setDraft(next);
    if (next.from && next.to && next.from <= next.to) choose(next);
  };
  return (
    <Fieldset legend={t`Period and activities`} mb="lg">
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label={t`Period`}
          data={(Object.keys(kindLabels) as PeriodKind[]).map((value) => ({ value, label: kindLabels[value] }))}
          value={shownKind}
          onChange={(event) => {
            const next = event.currentTarget.value as PeriodKind;
            setOwnDates(next === 'dates');
            if (next === 'dates') setDraft(period);
            // the period of that kind that holds the period's start (this month's quarter...)
            else choose(currentPeriod(next, period.from));
          }}
          w={190}
        />
        {shownKind !== 'dates' && (
          <NativeSelect
            label={t`Year`}
            data={yearsAround(year, thisYear).map((y) => String(y))}
            value={String(year)}
            onChange={(event) => choose(periodOf(shownKind, Number(event.currentTarget.value), index))}
            w={120}
          />
        )}
        {shownKind !== 'dates' && shownKind !== 'year' && (
          <NativeSelect
            label={shownKind === 'month' ? t`Month` : shownKind === 'quarter' ? t`Quarter` : t`Half year`}
            data={Array.from({ length: periodsInYear(shownKind) }, (_, i) => ({ value: String(i), label: indexLabel(shownKind, i) }))}
            value={String(index)}
            onChange={(event) => choose(periodOf(shownKind, year, Number(event.currentTarget.value)))}
            w={190}
          />
        )}
        {shownKind === 'dates' && (
          <>
            <TextInput
              type="date"
              label={t({ message: 'From', context: 'period' })}
              value={draft.from}
              onChange={(event) => setDates({ ...draft, from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t({ message: 'To', context: 'period' })}
              value={draft.to}
              onChange={(event) => setDates({ ...draft, to: event.currentTarget.value })}
              error={reversed ? t`The period ends before it starts` : undefined}
            />
          </>
        )}
      </Group>
      <Text fw={500} size="sm" mt="md" mb={4} id="report-activities-label">
        <Trans>Activities</Trans>
      </Text>
      <Text size="sm" c="gray.7" mb="xs">
        <Trans>None chosen: the whole programme.</Trans>
      </Text>
      <Chip.Group multiple value={activityIds} onChange={(ids) => onChange(period, ids)}>
        <Group gap="xs" role="group" aria-labelledby="report-activities-label">
          {activities.map((activity) => (
            <Chip key={activity.id} value={activity.id} size="md">
              {activity.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Fieldset>
  );
}
