import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconCalendarOff, IconCloudRain, IconTable } from '@tabler/icons-react';
import { classesQueryOptions } from '../../api/classes.ts';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { enqueueRoll } from '../../api/attendance.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { BackButton } from '../../components/back-button.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { notifications } from '@mantine/notifications';
import { notify, notifySaved } from '../../components/notify.ts';
import { useRoomAboveBar } from '../../components/room-above-bar.ts';
import { useAuth } from '../../components/auth-provider.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { useEnumLabel } from '../../components/use-enum.ts';
import { sampleClasses } from '../../offline/sample-data.ts';
import { useMissingFromList } from '../../offline/list-source.ts';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { decideNotHeld, decideSave, isAfterToday, refusalMessages, savedMessage, takenByOf, type SaveRefusal } from './save-rules.ts';
import { calendarQueryOptions } from '../../api/calendar.ts';
import { notHeldReasonLabels } from './not-held-reasons.ts';
import { useRoster, useSavedRoll } from './use-roll-call.ts';
import { useRollDraft } from './use-roll-draft.ts';
import { StudentRollRow } from './student-roll-row.tsx';
import { RollSyncStatus } from './roll-sync-status.tsx';
import { MarkAllButtons, RollBar } from './roll-bar.tsx';
import classes from './roll-call.module.css';
import { localIsoDate, localMidnight } from '../../lib/calendar-date.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { rollDateNote } from './week-day.ts';
import { useClassSchedule } from '../../components/use-class-schedule.ts';
import { baseMarks, type RollMark } from './roll-mark.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import type { ClassGroup, NotHeld, StudentSummary } from '../../api/contract.ts';
import { AccessRecordFailure } from '../../components/access-record-failure.tsx';

const loadJustifyDialogModule = () => import('./justify-dialog.tsx');
const loadNotHeldDialogModule = () => import('./not-held-dialog.tsx');

type Props = {
  activityId: string;
  classId: string;
  date: string | undefined;
  onDateChange: (date: string | undefined) => void;
};

/**
 * Whether the server says the class (or its activity) does not exist: the roster's 404, or the server's own lists
 * (fresh, not the device's copy) without it. Offline or while loading, nothing is concluded.
 */
function useMissingRecord(activityId: string, classId: string): 'class' | 'activity' | null {
  const noActivity = useMissingFromList(useQuery(activitiesQueryOptions()), (item) => item.id === activityId);
  const noClass = useMissingFromList(useQuery(classesQueryOptions()), (item) => item.id === classId && item.activityId === activityId);
  const roster = useRoster(classId);
  if (noActivity) return 'activity';
  return roster.source === 'not-found' || noClass ? 'class' : null;
}

/** The call page (SPEC §2, §4, §5): date, roster, a check and a cross per student, save to the outbox. */
export function RollCallPage({ activityId, classId, date, onDateChange }: Props) {
  const { t } = useLingui();
  // Save pressed without a date: the field says why and takes the focus (issue 56); the refusal's toast goes once a
  // date is there.
  const dateInput = useRef<HTMLInputElement>(null);
  const [dateMissing, setDateMissing] = useState(false);
  const refusalToast = useRef<string | null>(null);
  const onRefused = useCallback((reason: SaveRefusal, toastId: string) => {
    refusalToast.current = toastId;
    if (reason !== 'no-date' && reason !== 'future-date') return;
    if (reason === 'no-date') setDateMissing(true);
    dateInput.current?.focus();
  }, []);
  useEffect(() => {
    if (!date || isAfterToday(date)) return;
    setDateMissing(false);
    if (refusalToast.current) notifications.hide(refusalToast.current);
    refusalToast.current = null;
  }, [date]);
  const classesQuery = useQuery(classesQueryOptions());
  const group = (classesQuery.data ?? sampleClasses).find((item) => item.id === classId);
  const scheduleOf = useClassSchedule();
  const missing = useMissingRecord(activityId, classId);
  // While the class list is still loading, no "unknown class" flash: just the page's name.
  const title = group?.title ?? (classesQuery.isPending && classesQuery.fetchStatus === 'fetching' ? null : t`Unknown class`);

  if (missing === 'activity') {
    return (
      <RecordNotFound
        record="activity"
        back={
          <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/frequencias/atividades" />}>
            <Trans>Back to activities</Trans>
          </BackButton>
        }
      />
    );
  }
  if (missing === 'class') {
    return (
      <RecordNotFound
        record="class"
        back={
          <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/frequencias/atividades/$activityId/turmas" params={{ activityId }} />}>
            <Trans>Back to classes</Trans>
          </BackButton>
        }
      />
    );
  }

  return (
    <>
      <PageTitle>{title === null ? t`Roll call` : t`Roll call: ${title}`}</PageTitle>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Stack gap={4}>
          {group && <Text c="gray.8">{[...scheduleOf.meetings(group), scheduleOf.dates(group)].filter(Boolean).join(' · ')}</Text>}
          <Group gap="xs">
            <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/frequencias/atividades/$activityId/turmas" params={{ activityId }} />}>
              <Trans>Back to classes</Trans>
            </BackButton>
            <Button
              variant="subtle"
              px="xs"
              mih={44}
              leftSection={<IconTable size={18} aria-hidden />}
              renderRoot={(props) => (
                <Link {...props} to="/turmas/$classId/frequencia" params={{ classId }} search={date ? { month: date.slice(0, 7) } : {}} />
              )}
            >
              <Trans>Attendance history</Trans>
            </Button>
          </Group>
        </Stack>
        <DateField date={date} onDateChange={onDateChange} group={group} inputRef={dateInput} missing={dateMissing && !date} />
      </Group>
      {/* Everything below depends on the class and date: each starts from its own saved roll and its own draft. */}
      <RollEditor key={`${classId}|${date ?? ''}`} classId={classId} date={date} onRefused={onRefused} />
    </>
  );
}

function DateField({
  date,
  onDateChange,
  group,
  inputRef,
  missing,
}: Pick<Props, 'date' | 'onDateChange'> & { group: ClassGroup | undefined; inputRef: RefObject<HTMLInputElement | null>; missing: boolean }) {
  const { t, i18n } = useLingui();
  const label = useEnumLabel('weekDay');
  // Inside a sentence: Portuguese writes weekdays in lower case ("cai em sexta-feira"), English capitalises them.
  const weekDay = (code: string) => (i18n.locale.startsWith('pt') ? label(code).toLocaleLowerCase(i18n.locale) : label(code));
  const today = localIsoDate();
  const note = rollDateNote(group, date);
  const dateDay = note?.kind === 'other-day' ? weekDay(note.dateDay) : '';
  // Several weekdays read as a list: "Monday and Wednesday", "segunda-feira e quarta-feira".
  const classDay = note?.kind === 'other-day' ? new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(note.classDays.map(weekDay)) : '';
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'medium' });
  const noteText =
    note?.kind === 'other-day'
      ? t`This date is a ${dateDay}; the class meets on ${classDay}. You can still save.`
      : note?.kind === 'before-start'
        ? t`This class starts on ${day(note.startsOn)}. You can still save.`
        : note?.kind === 'after-end'
          ? t`This class ended on ${day(note.endsOn)}. You can still save.`
          : '';
  const future = date !== undefined && isAfterToday(date);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <TextInput
        type="date"
        label={t`Date`}
        ref={inputRef}
        value={date ?? ''}
        max={today}
        onChange={(event) => onDateChange(event.currentTarget.value || undefined)}
        data-testid="roll-date"
        // A date after today cannot be saved; a day the class does not meet gets a gentle note, saving stays allowed
        // (classes get moved). Either is read with the date.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={
          future
            ? t`This date is after today: a roll is taken on its day or later.`
            : missing
              ? t`Choose the roll's date: a roll is saved for a day.`
              : undefined
        }
        description={
          note && !future ? (
            <Group component="span" gap={4} wrap="nowrap" align="flex-start" data-testid="roll-weekday-warning">
              <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-9)" style={{ flexShrink: 0, marginTop: 2 }} />
              <span>{noteText}</span>
            </Group>
          ) : undefined
        }
        styles={{
          description: { color: 'var(--mantine-color-gray-9)', fontSize: 'var(--mantine-font-size-sm)', maxWidth: '18rem', marginTop: 4 },
          error: { maxWidth: '18rem' },
        }}
      />
      {/* The label's height, so Today lines up with the date box whether or not a note sits under it. Never disabled, even
          on today: a button that becomes disabled drops the keyboard's focus (to the page's body); pressed on today, it
          changes nothing. */}
      <Button variant="outline" mih={44} mt={25} onClick={() => date !== today && onDateChange(today)}>
        <Trans>Today</Trans>
      </Button>
    </Group>
  );
}

const FIRST_ROWS = 40;
const MORE_ROWS = 150;

/**
 * Long rosters are rendered a screenful first, then the rest in chunks on later tasks: the first students show at
 * once and the page stays responsive while the others are added (all are in the page within a few frames). Plain
 * updates, not transitions: a transition kept being restarted by the shell's updates and could starve.
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_ROWS);
  useEffect(() => {
    if (count >= total) return;
    // flushSync: a default-priority update from a timer was seen waiting until the next user event.
    const timer = setTimeout(() => flushSync(() => setCount((current) => current + MORE_ROWS)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}

function RollEditor({
  classId,
  date,
  onRefused,
}: {
  classId: string;
  date: string | undefined;
  onRefused: (reason: SaveRefusal, toastId: string) => void;
}) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const { can } = usePermissions();
  const roster = useRoster(classId, date);
  const saved = useSavedRoll(classId, date);
  const students = roster.items;
  // A saved roll opened again: the roster's children it does not list are not marked (not "present"), so a correction
  // records only what someone marked (issue 56). A new roll starts with everyone present (SPEC §5).
  const hasSavedRoll = saved.state === 'synced' || saved.state === 'pending' || saved.state === 'failed';
  const base = useMemo(
    () =>
      baseMarks(
        saved.marks,
        hasSavedRoll,
        students.map((student) => student.id),
      ),
    [saved.marks, hasSavedRoll, students],
  );
  const { markOf, setMark, setAll, unsavedCount, discard } = useRollDraft(classId, date, base);
  const [justifying, setJustifying] = useState<StudentSummary | null>(null);
  const [JustifyDialog, loadJustifyDialog] = useOnDemand(loadJustifyDialogModule);
  // The dialog is unmounted when it closes (no close transition to return focus): focus goes back by hand.
  const justifyButton = useRef<HTMLElement | null>(null);
  const justify = useCallback(
    (student: StudentSummary) => {
      justifyButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      loadJustifyDialog();
      setJustifying(student);
    },
    [loadJustifyDialog],
  );
  const closeJustify = useCallback(() => {
    setJustifying(null);
    requestAnimationFrame(() => justifyButton.current?.focus());
  }, []);
  const [saving, setSaving] = useState(false);
  const [NotHeldDialog, loadNotHeldDialog] = useOnDemand(loadNotHeldDialogModule);
  const [askingNotHeld, setAskingNotHeld] = useState(false);
  const calendar = useQuery({ ...calendarQueryOptions(Number((date ?? '').slice(0, 4))), enabled: Boolean(date) });
  const dayOff = date ? calendar.data?.find((day) => day.date === date) : undefined;
  const bar = useRef<HTMLDivElement>(null);
  useRoomAboveBar(bar);
  const shown = useProgressiveCount(students.length);
  useWarmUpdatePath();

  let present = 0;
  let justified = 0;
  let notMarked = 0;
  for (const student of students) {
    const status = markOf(student.id).status;
    if (status === 'PRESENT') present += 1;
    else if (status === 'JUSTIFIED') justified += 1;
    else if (status === 'NOT_MARKED') notMarked += 1;
  }
  const absent = students.length - present - justified - notMarked;

  const markAll = useCallback(
    (mark: RollMark) =>
      setAll(
        students.map((student) => student.id),
        mark,
      ),
    [setAll, students],
  );

  const save = async () => {
    const decision = decideSave({
      classId,
      date,
      students: roster.source === 'loading' ? undefined : students,
      source: roster.source,
      markOf,
      takenBy: takenByOf(user),
      now: new Date(),
      basedOn: saved.basedOn,
    });
    if (!decision.ok) {
      onRefused(decision.reason, notify({ message: i18n._(refusalMessages[decision.reason]), severity: 'error', closable: true }));
      return;
    }
    setSaving(true);
    try {
      await enqueueRoll(decision.payload);
      notifySaved(i18n._(savedMessage));
    } catch (error) {
      console.error('Quadra: the roll could not be stored on this device', error);
      notify({
        message: t`Error saving attendance: this device could not store the roll. Nothing was saved.`,
        severity: 'error',
        closable: true,
      });
    } finally {
      setSaving(false);
    }
  };

  /** "Class not held" (issue 50): the day's roll with its reason instead of marks, through the outbox like a roll. */
  const saveNotHeld = async (notHeld: NotHeld) => {
    const decision = decideNotHeld({ classId, date, notHeld, takenBy: takenByOf(user), now: new Date(), basedOn: saved.basedOn });
    if (!decision.ok) {
      notify({ message: i18n._(refusalMessages[decision.reason]), severity: 'error', closable: true });
      return;
    }
    try {
      await enqueueRoll(decision.payload);
      // The marks being taken are not the day's roll any more.
      discard();
      notifySaved(t`Saved: class not held`);
    } catch (error) {
      console.error('Quadra: the day not held could not be stored on this device', error);
      notify({ message: t`Error saving attendance: this device could not store the roll. Nothing was saved.`, severity: 'error', closable: true });
    }
  };

  // The bar's button calls the latest save (it reads the marks), without re-rendering the bar at every tap.
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  const onSave = useCallback(() => void latestSave.current(), []);

  return (
    <>
      <ListSourceBanner source={roster.source} savedAt={roster.savedAt} />
      {roster.source === 'error' && (
        <Alert color="red.9" variant="filled" role="alert" mb="md">
          <Trans>Error loading students</Trans>
        </Alert>
      )}
      {saved.unrecorded && <AccessRecordFailure />}
      <RollSyncStatus saved={saved} date={date} />
      {dayOff && (
        <Alert color="blue" c="blue.9" variant="light" mb="md" icon={<IconCalendarOff size={20} aria-hidden />} data-testid="roll-day-off">
          {t`${dayOff.name}: a day off in the programme calendar. It is no roll day for anyone; a roll saved on it does not count.`}
        </Alert>
      )}
      {saved.notHeld && (
        <Alert
          color="orange"
          c="orange.9"
          variant="light"
          mb="md"
          icon={<IconCloudRain size={20} aria-hidden />}
          role="status"
          data-testid="roll-not-held"
        >
          {t`Class not held on this day: ${i18n._(notHeldReasonLabels[saved.notHeld.reason])}${saved.notHeld.note ? ` (${saved.notHeld.note})` : ''}. No one is marked and no one's frequency changes. Saving a roll replaces it.`}
        </Alert>
      )}
      {roster.source === 'loading' ? (
        <Group gap="sm" my="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            <Trans>Loading students…</Trans>
          </Text>
        </Group>
      ) : (
        <>
          <Group gap="sm" mb="sm" align="flex-start" wrap="wrap">
            {students.length > 0 && <MarkAllButtons onMarkAll={markAll} />}
            {can('attendance:write') && date && !isAfterToday(date) && (
              <Button
                variant="outline"
                color="orange.9"
                mih={44}
                leftSection={<IconCloudRain size={18} aria-hidden />}
                data-testid="roll-not-held-button"
                onClick={() => {
                  loadNotHeldDialog();
                  setAskingNotHeld(true);
                }}
              >
                <Trans>Class not held</Trans>
              </Button>
            )}
          </Group>
          {students.length === 0 && roster.source !== 'error' && (
            <Text my="md">
              <Trans>No students found in this class.</Trans>
            </Text>
          )}
          <ul className={classes.list} aria-label={t`Students`} data-testid="roll-list">
            {students.slice(0, shown).map((student) => (
              <StudentRollRow key={student.id} student={student} mark={markOf(student.id)} onSet={setMark} onJustify={justify} />
            ))}
          </ul>
        </>
      )}
      {askingNotHeld && NotHeldDialog && (
        <NotHeldDialog current={saved.notHeld} onSave={(notHeld) => void saveNotHeld(notHeld)} onClose={() => setAskingNotHeld(false)} />
      )}
      {justifying && JustifyDialog && (
        <JustifyDialog
          studentName={justifying.name}
          mark={markOf(justifying.id)}
          onSave={(mark) => setMark(justifying.id, mark)}
          onClose={closeJustify}
        />
      )}
      <RollBar
        barRef={bar}
        present={present}
        absent={absent}
        justified={justified}
        notMarked={notMarked}
        unsavedCount={unsavedCount}
        saving={saving}
        canSave={can('attendance:write')}
        onSave={onSave}
        onDiscard={discard}
      />
    </>
  );
}

/**
 * One render with nothing changed, at the first idle moment: the browser compiles React's update path (the commit of
 * changed elements) the first time it runs, and that was the first tap's cost.
 */
function useWarmUpdatePath(): void {
  const [, render] = useReducer((count: number) => count + 1, 0);
  useEffect(() => whenIdle(render, 2_000), []);
}
