/**
 * The period report's breakdowns (each a chart, drawn by the reports' chart on demand, and a table with the same
 * figures) and its nominal list (issue 53).
 */
import { useMemo } from 'react';
import { Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BeneficiariesReport, Beneficiary, BreakdownKey, BreakdownRow } from '../../api/beneficiaries-contract.ts';
import { enumLabels } from '../../components/enum-labels.ts';
import { WideTable } from '../../components/wide-table.tsx';
import type { Locale } from '../../lib/i18n.ts';
import { percentText } from '../../lib/percent-text.ts';
import { monthLabel } from '../../lib/calendar-date.ts';
import { FrequencyChart } from './frequency-chart.tsx';
import { dateText } from './report-period.ts';

/** The answer's code for an age outside every band (beneficiaries-contract.ts OTHER_AGE; the contract is not loaded here). */
const OTHER_AGE = 'OTHER';

export function Breakdowns({ report }: { report: BeneficiariesReport }) {
  const { t, i18n } = useLingui();
  const notRecorded = t`Not recorded`;
  const coded = (name: 'gender' | 'race' | 'socialProgram') => (value: string) => {
    const label = enumLabels[name][value];
    return label ? i18n._(label) : value;
  };
  const sections: Array<{ key: BreakdownKey; title: string; labelOf: (value: string) => string; none: string }> = [
    {
      key: 'ageBand',
      title: t`By age band at the period's start`,
      labelOf: (value) => (value === OTHER_AGE ? t`Other ages` : t`${value} years`),
      none: t`Date of birth not recorded`,
    },
    { key: 'gender', title: t`By gender`, labelOf: coded('gender'), none: notRecorded },
    { key: 'race', title: t`By race`, labelOf: coded('race'), none: notRecorded },
    { key: 'neighborhood', title: t`By neighbourhood`, labelOf: (value) => value, none: notRecorded },
    { key: 'schoolYear', title: t`By school year`, labelOf: (value) => value, none: notRecorded },
    { key: 'socialProgram', title: t`By social programme`, labelOf: coded('socialProgram'), none: t`None recorded` },
    {
      key: 'specialNeeds',
      title: t`Special needs or disability (social anamnese)`,
      labelOf: (value) => (value === 'YES' ? t`Yes` : value === 'NO' ? t`No` : value),
      none: t`No answer in the social anamnese`,
    },
  ];
  // a copy kept on the device from before the neighbourhood was reported has no such breakdown: it is left out
  return sections.map((section) => {
    const rows = report.breakdowns[section.key];
    return rows ? (
      <Breakdown
        key={section.key}
        id={`breakdown-${section.key}`}
        title={section.title}
        rows={rows}
        labelOf={(value) => (value === null ? section.none : section.labelOf(value))}
      />
    ) : null;
  });
}

function Breakdown({ id, title, rows, labelOf }: { id: string; title: string; rows: BreakdownRow[]; labelOf: (value: string | null) => string }) {
  const { t } = useLingui();
  // The same bars while the rows and their names are the same: a new array would draw the chart again.
  const labels = rows.map((row) => labelOf(row.value));
  const labelsKey = labels.join('\u0000');
  const bars = useMemo(() => rows.map((row, i) => ({ label: labelsKey.split('\u0000')[i] ?? '', value: row.served })), [rows, labelsKey]);
  const figures = bars.map((bar) => `${bar.label} ${bar.value}`).join('; ');
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" mb="xs" id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text>
          <Trans>No child was served in this period.</Trans>
        </Text>
      ) : (
        <>
          <FrequencyChart bars={bars} counts label={t`Chart of the beneficiaries served, ${title}: ${figures}`} />
          <WideTable minWidth={420} mt="sm" label={t`Table: ${title}`}>
            <Table striped withTableBorder data-testid={id}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{title}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans>Served</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <Trans>Came at least once</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.value ?? ''}>
                    <Table.Th scope="row" fw={500}>
                      {labelOf(row.value)}
                    </Table.Th>
                    <Table.Td ta="right">{row.served}</Table.Td>
                    <Table.Td ta="right">{row.attended}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        </>
      )}
    </section>
  );
}

export function NominalList({ students }: { students: readonly Beneficiary[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  if (students.length === 0)
    return (
      <Text>
        <Trans>No child was served in this period.</Trans>
      </Text>
    );
  return (
    <WideTable minWidth={1080} label={t`Table: the nominal list`}>
      <Table striped withTableBorder data-testid="nominal-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>Age</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Neighbourhood</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Classes</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>First day</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Last day</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans context="count">Present</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>Roll days</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>Frequency in the period</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.id}>
              <Table.Th scope="row" fw={500}>
                {student.name}
              </Table.Th>
              <Table.Td ta="right">{student.age ?? '—'}</Table.Td>
              <Table.Td>{student.neighborhood ?? '—'}</Table.Td>
              <Table.Td>{student.classes.map((c) => `${c.activityName} · ${c.className}`).join('; ')}</Table.Td>
              <Table.Td>{dateText(locale, student.firstDay)}</Table.Td>
              <Table.Td>{dateText(locale, student.lastDay)}</Table.Td>
              <Table.Td ta="right">{student.present}</Table.Td>
              <Table.Td ta="right">{student.rollDays}</Table.Td>
              <Table.Td ta="right">{percentText(locale, student.frequencyPercent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/** Attendance per activity and class over the period, each month beside it (a month with no roll: a dash). */
export function AttendanceTable({ report }: { report: BeneficiariesReport }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { activities } = report.attendance;
  const months = [...new Set(activities.flatMap((activity) => activity.months.map((m) => m.month)))].sort();
  if (activities.length === 0)
    return (
      <Text>
        <Trans>No roll was taken in this period.</Trans>
      </Text>
    );
  type Figures = BeneficiariesReport['attendance']['activities'][number]['total'];
  const cells = (total: Figures, byMonth: Array<Figures & { month: string }>) => (
    <>
      <Table.Td ta="right">{total.rolls}</Table.Td>
      <Table.Td ta="right" fw={700}>
        {percentText(locale, total.frequencyPercent)}
      </Table.Td>
      {months.map((month) => {
        const figure = byMonth.find((m) => m.month === month);
        return (
          <Table.Td key={month} ta="right">
            {figure ? percentText(locale, figure.frequencyPercent) : '—'}
          </Table.Td>
        );
      })}
    </>
  );
  return (
    <WideTable minWidth={480 + 90 * months.length} label={t`Table: attendance by activity and class`}>
      <Table withTableBorder data-testid="period-attendance">
        <Table.Caption>
          <Trans>Frequency = present ÷ (roll days − justified absences), over the held rolls of the period and of each month.</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Activity and class</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>Rolls</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <Trans>In the period</Trans>
            </Table.Th>
            {months.map((month) => (
              <Table.Th key={month} scope="col" ta="right">
                {monthLabel(month, locale)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activities.map((activity) => [
            <Table.Tr key={activity.activityId} bg="gray.0">
              <Table.Th scope="row" fw={700}>
                {activity.activityName}
              </Table.Th>
              {cells(activity.total, activity.months)}
            </Table.Tr>,
            ...activity.classes.map((group) => (
              <Table.Tr key={group.classId}>
                <Table.Th scope="row" fw={400} pl="xl">
                  {group.className}
                </Table.Th>
                {cells(group.total, group.months)}
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
