/**
 * The programme calendar (issue 50, /calendario, coordinators and admins): the year's days off (holidays and recess
 * days), added one at a time or Brazil's national holidays of the year in one step (computed on the device:
 * lib/brazil-holidays.ts), and removed. Each change goes through the outbox; a day off is no roll day for anyone.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight, IconFlag, IconTrash } from '@tabler/icons-react';
import { calendarQueryOptions, enqueueCalendarDays, enqueueCalendarRemove, withPending } from '../../api/calendar.ts';
import { CALENDAR_NAME_MAX, type CalendarDayKind } from '../../api/calendar-contract.ts';
import { cleanText } from '../../api/contract.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { notify, notifySaved } from '../../components/notify.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { localMidnight } from '../../lib/calendar-date.ts';
import { brazilNationalHolidays } from '../../lib/brazil-holidays.ts';

export function CalendarPage({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const query = useQuery(calendarQueryOptions(year));
  const sets = useOutboxItems(outboxKinds.calendarSet);
  const removes = useOutboxItems(outboxKinds.calendarRemove);
  const pending = useMemo(() => [...sets, ...removes].sort((a, b) => a.createdAt - b.createdAt), [sets, removes]);
  const days = useMemo(() => withPending(query.data ?? [], pending, year), [query.data, pending, year]);
  const taken = new Set(days.map((day) => day.date));
  const dayText = (date: string) => i18n.date(localMidnight(date), { weekday: 'short', day: 'numeric', month: 'long' });
  const writable = can('calendar:write');

  const store = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      notifySaved(done);
    } catch (error) {
      console.error('Quadra: the calendar change could not be stored on this device', error);
      notify({ message: t`This device could not store the change. Nothing was saved.`, severity: 'error', closable: true });
    }
  };

  return (
    <>
      <PageTitle>{t`Programme calendar`}</PageTitle>
      <Text mb="md" maw="48rem">
        <Trans>
          A day off (a holiday or a recess) is no roll day for anyone: no absences, no frequency change and no &quot;class without roll&quot; alert.
          Rolls saved on it stop counting.
        </Trans>
      </Text>
      <Group gap="xs" mb="md" align="center">
        <Button variant="default" mih={44} leftSection={<IconChevronLeft size={18} aria-hidden />} onClick={() => onYearChange(year - 1)}>
          <Trans>Previous year</Trans>
        </Button>
        <Title order={2} size="h3" mx="sm" data-testid="calendar-year">
          {String(year)}
        </Title>
        <Button variant="default" mih={44} rightSection={<IconChevronRight size={18} aria-hidden />} onClick={() => onYearChange(year + 1)}>
          <Trans>Next year</Trans>
        </Button>
      </Group>
      {query.isError && !query.data && (
        <Alert color="red" c="red.9" variant="light" mb="md" role="alert">
          <Trans>The calendar could not be loaded. Changes made here are kept on this device and sent later.</Trans>
        </Alert>
      )}
      <Stack gap="lg">
        {writable && <NationalHolidays year={year} taken={taken} onAdd={(picked) => store(() => enqueueCalendarDays(picked), t`Days off saved`)} />}
        {writable && <AddDayOff year={year} onAdd={(day) => store(() => enqueueCalendarDays([day]), t`Day off saved`)} />}
        <section aria-labelledby="calendar-days-title">
          <Title order={2} size="h4" mb="xs" id="calendar-days-title">
            <Trans>Days off in {year}</Trans>
          </Title>
          {days.length === 0 ? (
            <Text>{query.isPending && query.fetchStatus === 'fetching' ? t`Loading…` : t`No days off in this year yet.`}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped data-testid="calendar-days">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t`Date`}</Table.Th>
                    <Table.Th>{t`Name`}</Table.Th>
                    <Table.Th>{t`Kind`}</Table.Th>
                    {writable && <Table.Th>{t`Actions`}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {days.map((day) => (
                    <Table.Tr key={day.date}>
                      <Table.Td>{dayText(day.date)}</Table.Td>
                      <Table.Td>
                        {day.name}
                        {day.pending && (
                          <Badge ml="xs" color="orange" c="orange.9" variant="light">
                            <Trans>Not sent yet</Trans>
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{day.kind === 'HOLIDAY' ? t`Holiday` : t`Recess`}</Table.Td>
                      {writable && (
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="red"
                            c="red.9"
                            mih={44}
                            leftSection={<IconTrash size={18} aria-hidden />}
                            aria-label={t`Remove the day off of ${dayText(day.date)}`}
                            onClick={() => void store(() => enqueueCalendarRemove(day.date), t`Day off removed`)}
                          >
                            <Trans>Remove</Trans>
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      </Stack>
    </>
  );
}

type DayInput = { date: string; day: { kind: CalendarDayKind; name: string } };

/** Brazil's national holidays of the year, ticked (those already in the calendar left out), added in one step. */
function NationalHolidays({ year, taken, onAdd }: { year: number; taken: ReadonlySet<string>; onAdd: (days: DayInput[]) => Promise<void> }) {
  const { t, i18n } = useLingui();
  const offered = useMemo(() => brazilNationalHolidays(year), [year]);
  const missing = offered.filter((holiday) => !taken.has(holiday.date));
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const picked = missing.filter((holiday) => !unticked.has(holiday.date));
  const toggle = (date: string, on: boolean) =>
    setUnticked((previous) => {
      const next = new Set(previous);
      if (on) next.delete(date);
      else next.add(date);
      return next;
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="national-holidays-title">
      <Title order={2} size="h4" mb="xs" id="national-holidays-title">
        <Trans>Brazil&apos;s national holidays of {year}</Trans>
      </Title>
      {missing.length === 0 ? (
        <Text>
          <Trans>All of them are in the calendar.</Trans>
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              Computed on this device, Easter&apos;s included. Carnaval and Corpus Christi are optional points (pontos facultativos): they are saved
              as recess; untick any day your programme works.
            </Trans>
          </Text>
          {missing.map((holiday) => (
            <Checkbox
              key={holiday.date}
              checked={!unticked.has(holiday.date)}
              onChange={(event) => toggle(holiday.date, event.currentTarget.checked)}
              label={`${i18n.date(localMidnight(holiday.date), { weekday: 'short', day: 'numeric', month: 'long' })} · ${holiday.name}${
                holiday.optional ? ` · ${t`optional point`}` : ''
              }`}
              styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            />
          ))}
          <Group>
            <Button
              mih={44}
              leftSection={<IconFlag size={18} aria-hidden />}
              disabled={picked.length === 0}
              data-testid="add-national-holidays"
              onClick={() =>
                void onAdd(
                  picked.map((holiday) => ({ date: holiday.date, day: { kind: holiday.optional ? 'RECESS' : 'HOLIDAY', name: holiday.name } })),
                )
              }
            >
              <Plural value={picked.length} one="Add # day off" other="Add # days off" />
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** One day off of the programme's own: a municipal holiday, a recess week's days. */
function AddDayOff({ year, onAdd }: { year: number; onAdd: (day: DayInput) => Promise<void> }) {
  const { t } = useLingui();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CalendarDayKind>('RECESS');
  const [tried, setTried] = useState(false);
  const dateError = tried && !date.startsWith(`${year}-`) ? t`Choose a date in ${year}` : undefined;
  const nameError = tried && !name.trim() ? t`Give the day a name` : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-day-off-title">
      <Title order={2} size="h4" mb="xs" id="add-day-off-title">
        <Trans>Add a day off</Trans>
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!date.startsWith(`${year}-`) || !name.trim()) return;
          void onAdd({ date, day: { kind, name: cleanText(name.trim()).slice(0, CALENDAR_NAME_MAX) } }).then(() => {
            setDate('');
            setName('');
            setTried(false);
          });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t`Date`}
            withAsterisk
            value={date}
            min={`${year}-01-01`}
            max={`${year}-12-31`}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={dateError}
          />
          <TextInput
            label={t`Name`}
            withAsterisk
            maxLength={CALENDAR_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            style={{ flex: '1 1 14rem' }}
          />
          <Radio.Group label={t`Kind`} value={kind} onChange={(value) => setKind(value as CalendarDayKind)}>
            <Group gap="md" mih={44} align="center">
              <Radio value="HOLIDAY" label={t`Holiday`} />
              <Radio value="RECESS" label={t`Recess`} />
            </Group>
          </Radio.Group>
          <Button type="submit" mih={44}>
            <Trans>Add</Trans>
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
