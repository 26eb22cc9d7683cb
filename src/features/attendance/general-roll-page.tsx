/**
 * The general roll (issue 52, /frequencias/geral?date1=YYYY-MM-DD): every active child, searchable by name, arrived or
 * not, with a count; saved through the outbox with a draft kept on the device and a class roll's versions. A child
 * present in a class roll of the date shows as arrived and cannot be unmarked here.
 */
import { memo, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCheck, IconLock, IconSearch, IconTable } from '@tabler/icons-react';
import type { StudentSummary } from '../../api/contract.ts';
import { enqueueGeneralRoll } from '../../api/general-roll.ts';
import type { GeneralRollInput } from '../../api/general-roll-contract.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { notify, notifySaved } from '../../components/notify.ts';
import { useRoomAboveBar } from '../../components/room-above-bar.ts';
import { useAuth } from '../../components/auth-provider.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { useWindowRows } from '../../components/use-window-rows.ts';
import { AccessRecordFailure } from '../../components/access-record-failure.tsx';
import { cleanText } from '../../api/contract.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { searchByName } from '../../lib/fold-for-search.ts';
import { isSampleSource } from '../../offline/list-source.ts';
import { ABSENT_MARK, PRESENT_MARK, type ShownMark } from './roll-mark.ts';
import { useRollDraft } from './use-roll-draft.ts';
import { RollBar } from './roll-bar.tsx';
import { RollSyncStatus } from './roll-sync-status.tsx';
import { isAfterToday, refusalMessages, savedMessage, takenByOf, type SaveRefusal } from './save-rules.ts';
import { GENERAL_DRAFT_ID, useActiveChildren, useGeneralRoll } from './use-general-roll.ts';
import classes from './general-roll.module.css';

type Props = { date: string; onDateChange: (date: string | undefined) => void };

export function GeneralRollPage({ date, onDateChange }: Props) {
  const { t } = useLingui();
  const today = localIsoDate();
  const future = isAfterToday(date);
  return (
    <>
      <PageTitle>{t`General roll`}</PageTitle>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Text c="gray.8" maw="34rem">
          <Trans>Every active child's arrival at the centre. A child marked present in a class roll of the day has arrived.</Trans>
        </Text>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={t`Date`}
            value={date}
            max={today}
            onChange={(event) => onDateChange(event.currentTarget.value || undefined)}
            data-testid="general-roll-date"
            error={future ? t`This date is after today: a roll is taken on its day or later.` : undefined}
            styles={{ error: { maxWidth: '18rem' } }}
          />
          <Button variant="outline" mih={44} mt={25} onClick={() => date !== today && onDateChange(today)}>
            <Trans>Today</Trans>
          </Button>
          <Button
            variant="subtle"
            mih={44}
            mt={25}
            leftSection={<IconTable size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/frequencias/geral/mes" search={{ month: date.slice(0, 7) }} />}
          >
            <Trans>Arrivals of the month</Trans>
          </Button>
        </Group>
      </Group>
      {/* Everything below depends on the date: each day starts from its own saved roll and its own draft. */}
      <GeneralRollEditor key={date} date={date} />
    </>
  );
}

function GeneralRollEditor({ date }: { date: string }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const { can } = usePermissions();
  const children = useActiveChildren();
  const { saved, arrivedInClass } = useGeneralRoll(date);
  // Everyone starts not arrived; a saved roll's marks over that (a child it lists whom the list lacks keeps their mark).
  const base = useMemo(() => {
    const marks = new Map<string, ShownMark>(saved.marks);
    for (const child of children.items) if (!marks.has(child.id)) marks.set(child.id, ABSENT_MARK);
    return marks;
  }, [saved.marks, children.items]);
  const { markOf, setMark, unsavedCount, discard } = useRollDraft(GENERAL_DRAFT_ID, date, base);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const rows = useMemo(() => searchByName(children.items, query), [children.items, query]);
  const [saving, setSaving] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useRoomAboveBar(bar);

  let arrived = 0;
  for (const child of children.items) if (arrivedInClass.has(child.id) || markOf(child.id).status === 'PRESENT') arrived += 1;
  const total = children.items.length;

  const onToggle = useCallback((id: string, nowArrived: boolean) => setMark(id, nowArrived ? PRESENT_MARK : ABSENT_MARK), [setMark]);

  const save = async () => {
    const refuse = (reason: SaveRefusal) => notify({ message: i18n._(refusalMessages[reason]), severity: 'error', closable: true });
    if (isAfterToday(date)) return refuse('future-date');
    if (children.source === 'loading' || children.source === 'error' || base.size === 0) return refuse('no-students');
    if (isSampleSource(children.source)) return refuse('sample');
    const now = new Date();
    const roll: GeneralRollInput = {
      takenBy: cleanText(takenByOf(user).slice(0, 200)),
      takenAt: now.toISOString(),
      // Every child on the roll, arrived or not; a child arrived through a class roll keeps their own mark here.
      entries: [...base.keys()].map((studentId) => ({ studentId, status: markOf(studentId).status === 'PRESENT' ? 'PRESENT' : 'ABSENT' })),
      ...(saved.basedOn === undefined ? {} : { basedOn: saved.basedOn }),
    };
    setSaving(true);
    try {
      await enqueueGeneralRoll({ date, roll });
      notifySaved(i18n._(savedMessage));
    } catch (error) {
      console.error('Quadra: the general roll could not be stored on this device', error);
      notify({ message: t`Error saving attendance: this device could not store the roll. Nothing was saved.`, severity: 'error', closable: true });
    } finally {
      setSaving(false);
    }
  };
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  const onSave = useCallback(() => void latestSave.current(), []);

  return (
    <>
      <ListSourceBanner source={children.source} savedAt={children.savedAt} />
      {children.source === 'error' && (
        <Alert color="red.9" variant="filled" role="alert" mb="md">
          <Trans>Error loading students</Trans>
        </Alert>
      )}
      {saved.unrecorded && <AccessRecordFailure />}
      <RollSyncStatus saved={saved} date={date} />
      <TextInput
        type="search"
        label={t`Search by name`}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={18} aria-hidden />}
        maw="28rem"
        mb="sm"
        size="md"
        data-testid="general-roll-search"
      />
      {children.source === 'loading' ? (
        <Group gap="sm" my="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            <Trans>Loading students…</Trans>
          </Text>
        </Group>
      ) : rows.length === 0 ? (
        <Text my="md" role="status">
          {query ? t`No child's name has "${query}".` : t`No active children.`}
        </Text>
      ) : (
        <ChildRows rows={rows} date={date} arrivedInClass={arrivedInClass} markOf={markOf} onToggle={onToggle} />
      )}
      <RollBar
        barRef={bar}
        present={arrived}
        absent={total - arrived}
        justified={0}
        notMarked={0}
        unsavedCount={unsavedCount}
        saving={saving}
        canSave={can('general-roll:write')}
        onSave={onSave}
        onDiscard={discard}
        keyHint={null}
        counts={
          <Text fw={600} c="gray.9" data-testid="general-roll-count">
            <Trans>
              Arrived: {arrived} of {total}
            </Trans>
          </Text>
        }
      />
    </>
  );
}

/** The rows near the viewport only (5,000 children): the page's own scroll, one Tab stop per child. */
const ChildRows = memo(function ChildRows({
  rows,
  date,
  arrivedInClass,
  markOf,
  onToggle,
}: {
  rows: StudentSummary[];
  date: string;
  arrivedInClass: ReadonlySet<string>;
  markOf: (id: string) => ShownMark;
  onToggle: (id: string, arrived: boolean) => void;
}) {
  const { t } = useLingui();
  const listRef = useRef<HTMLDivElement>(null);
  const { start, end, before, after, measure } = useWindowRows({ count: rows.length, estimate: 64, overscan: 8, listRef, resetKey: rows });
  const shown = [];
  for (let index = start; index < end; index++) {
    const child = rows[index]!;
    shown.push(
      <ChildRow
        key={index}
        index={index}
        measure={measure}
        child={child}
        viaClass={arrivedInClass.has(child.id)}
        arrived={markOf(child.id).status === 'PRESENT'}
        onToggle={onToggle}
      />,
    );
  }
  return (
    <div ref={listRef} role="list" aria-label={t`Children on the general roll of ${date}`} data-testid="general-roll-list">
      <div role="presentation" style={{ height: before }} />
      {shown}
      <div role="presentation" style={{ height: after }} />
    </div>
  );
});

/**
 * One child: their name and one toggle, "Arrived" (aria-pressed). A child present in a class roll of the day is
 * arrived and locked: the toggle stays pressed, says why, and a press changes nothing (not `disabled`: a disabled
 * button drops the keyboard's focus and is skipped by it, and the reason would not be heard).
 */
const ChildRow = memo(function ChildRow({
  index,
  measure,
  child,
  viaClass,
  arrived,
  onToggle,
}: {
  index: number;
  measure: (element: HTMLElement | null) => (() => void) | undefined;
  child: StudentSummary;
  viaClass: boolean;
  arrived: boolean;
  onToggle: (id: string, arrived: boolean) => void;
}) {
  const { t } = useLingui();
  const name = child.name;
  const shownArrived = viaClass || arrived;
  return (
    <div role="listitem" ref={measure} data-index={index} className={classes.row} data-arrived={shownArrived} data-testid="general-roll-row">
      <div className={classes.who}>
        <div className={classes.name}>{name}</div>
        {viaClass && (
          <div className={classes.viaClass} data-testid="general-roll-via-class">
            <IconLock size={14} aria-hidden /> {t`Present in a class roll of this day`}
          </div>
        )}
      </div>
      <button
        type="button"
        className={classes.toggle}
        aria-pressed={shownArrived}
        aria-disabled={viaClass || undefined}
        aria-label={viaClass ? t`${name}: arrived (present in a class roll, cannot be unmarked here)` : t`${name}: arrived`}
        onClick={viaClass ? undefined : () => onToggle(child.id, !arrived)}
      >
        <IconCheck size={20} aria-hidden className={classes.check} />
        <span aria-hidden>{shownArrived ? t`Arrived` : t`Not arrived`}</span>
      </button>
    </div>
  );
});
