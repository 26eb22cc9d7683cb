/** A student's frequency on the profile: this month and this school year, overall, per activity and per class. */
import { Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { FrequencyFigure, Student } from '../../api/contract.ts';
import { monthLabel } from '../../lib/calendar-date.ts';
import { percentText } from '../../lib/percent-text.ts';
import { WideTable } from '../../components/wide-table.tsx';

function Cell({ figure }: { figure: FrequencyFigure }) {
  const { t, i18n } = useLingui();
  const { frequencyPercent, rollDays: days, justified } = figure;
  const percent = percentText(i18n.locale, frequencyPercent);
  if (days === 0) return <Table.Td c="gray.7">{t`No roll yet`}</Table.Td>;
  const dayCount = plural(days, { one: '# roll day', other: '# roll days' });
  const justifiedCount = plural(justified, { one: '# justified', other: '# justified' });
  return (
    <Table.Td>
      <Text span fw={600}>
        {percent}
      </Text>{' '}
      <Text span size="sm" c="gray.8">
        {justified > 0 ? t`(${dayCount}, ${justifiedCount})` : t`(${dayCount})`}
      </Text>
    </Table.Td>
  );
}

export function StudentFrequency({ student }: { student: Student }) {
  const { t, i18n } = useLingui();
  const frequency = student.frequency;
  // A copy saved on the device before the profile had these figures: the one figure it has.
  if (!frequency) {
    const percent = percentText(i18n.locale, student.frequencyPercent);
    return (
      <Text data-testid="profile-frequency">
        <Trans>Attendance since enrolment: {percent}</Trans>
      </Text>
    );
  }
  const monthName = monthLabel(frequency.month, i18n.locale);
  const year = frequency.schoolYear;
  return (
    <WideTable minWidth={480} label={t`Frequency by activity and class`}>
      <Table data-testid="profile-frequency" verticalSpacing="xs">
        <Table.Caption>{t`Frequency: present ÷ (roll days − justified absences).`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Activity and class`}</Table.Th>
            <Table.Th scope="col">{t`This month (${monthName})`}</Table.Th>
            <Table.Th scope="col">{t`School year ${year}`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t`All classes`}</Table.Th>
            <Cell figure={frequency.overall.month} />
            <Cell figure={frequency.overall.schoolYear} />
          </Table.Tr>
          {frequency.activities.map((activity) => [
            <Table.Tr key={activity.activityId}>
              <Table.Th scope="row">{activity.activityName}</Table.Th>
              <Cell figure={activity.month} />
              <Cell figure={activity.schoolYear} />
            </Table.Tr>,
            ...frequency.classes
              .filter((group) => group.activityId === activity.activityId)
              .map((group) => (
                <Table.Tr key={group.classId}>
                  <Table.Th scope="row" fw={400} pl="xl">
                    {group.className}
                  </Table.Th>
                  <Cell figure={group.month} />
                  <Cell figure={group.schoolYear} />
                </Table.Tr>
              )),
          ])}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
