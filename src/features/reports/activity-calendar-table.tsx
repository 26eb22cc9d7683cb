/**
 * The period report's activity calendar (issue 53): per class and month, the days held, the days not held and why,
 * and the calendar's days off of the month (a roll saved on one counts for no one). A funder's project form asks for it.
 */
import { Table, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActivityCalendar } from '../../api/beneficiaries-contract.ts';
import type { NotHeldReason } from '../../api/contract.ts';
import { WideTable } from '../../components/wide-table.tsx';
import type { Locale } from '../../lib/i18n.ts';
import { monthLabel } from '../../lib/calendar-date.ts';

/** Why a class was not held, in this screen's catalog (the roll call's labels live in the attendance catalog). */
const notHeldLabels: Record<NotHeldReason, MessageDescriptor> = {
  WEATHER: msg`Weather`,
  INSTRUCTOR_ABSENT: msg`Instructor absent`,
  VENUE: msg`Venue unavailable`,
  EVENT: msg`Programme event`,
  OTHER: msg`Other`,
};

/** The day of the month, as the calendar writes it ("3", "17"). */
const dayOf = (date: string): string => String(Number(date.slice(8, 10)));

export function ActivityCalendarTable({ calendar }: { calendar: ActivityCalendar | undefined }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  if (!calendar)
    return (
      <Text>
        <Trans>This copy of the report was kept before the calendar was part of it: it shows when the server answers again.</Trans>
      </Text>
    );
  if (calendar.classes.length === 0)
    return (
      <Text>
        <Trans>No roll was taken in this period.</Trans>
      </Text>
    );
  return (
    <WideTable minWidth={720} label={t`Table: activity calendar`}>
      <Table withTableBorder data-testid="activity-calendar">
        <Table.Caption>
          <Trans>Days are days of the month. A roll saved on a day off counts for no one, like a class not held.</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Class and month</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Days held</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Not held (why)</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Days off</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calendar.classes.map((group) => [
            <Table.Tr key={group.classId} bg="gray.0">
              <Table.Th scope="rowgroup" colSpan={4} fw={700}>
                {group.activityName} · {group.className}
              </Table.Th>
            </Table.Tr>,
            ...group.months.map((month) => (
              <Table.Tr key={`${group.classId}-${month.month}`}>
                <Table.Th scope="row" fw={400} pl="xl">
                  {monthLabel(month.month, locale)}
                </Table.Th>
                <Table.Td>
                  {month.held.length} {month.held.length > 0 && `(${month.held.map(dayOf).join(', ')})`}
                </Table.Td>
                <Table.Td>
                  {month.notHeld.length === 0
                    ? '—'
                    : month.notHeld
                        .map((day) => `${dayOf(day.date)}: ${i18n._(notHeldLabels[day.reason])}${day.note ? ` (${day.note})` : ''}`)
                        .join('; ')}
                </Table.Td>
                <Table.Td>{month.daysOff.length === 0 ? '—' : month.daysOff.map((day) => `${dayOf(day.date)}: ${day.name}`).join('; ')}</Table.Td>
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
