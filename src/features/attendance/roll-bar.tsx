/** The roll call's controls outside the rows: "mark all", and the bar with the unsaved changes, the counts and Save. */
import { memo, useCallback, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import { IconAlertTriangle, IconChecks, IconDeviceFloppy, IconTrash, IconUserX } from '@tabler/icons-react';
import classes from './roll-call.module.css';
import { PRESENT_GREEN } from './colors.ts';
import { ABSENT_MARK, PRESENT_MARK, type RollMark } from './roll-mark.ts';

/** "Mark all present" and "Mark all absent": memoised, a tap on one student does not render them again. */
export const MarkAllButtons = memo(function MarkAllButtons({ onMarkAll }: { onMarkAll: (mark: RollMark) => void }) {
  return (
    <Group gap="sm">
      <Button
        variant="outline"
        color={PRESENT_GREEN}
        mih={44}
        leftSection={<IconChecks size={18} aria-hidden />}
        onClick={() => onMarkAll(PRESENT_MARK)}
      >
        <Trans>Mark all present</Trans>
      </Button>
      <Button variant="outline" color="red.9" mih={44} leftSection={<IconUserX size={18} aria-hidden />} onClick={() => onMarkAll(ABSENT_MARK)}>
        <Trans>Mark all absent</Trans>
      </Button>
    </Group>
  );
});

type RollBarProps = {
  barRef: RefObject<HTMLDivElement | null>;
  present: number;
  absent: number;
  justified: number;
  /** Children the saved roll does not list and nobody marked yet. */
  notMarked: number;
  unsavedCount: number;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** Another roll's counts in place of present / absent / justified / not marked (the general roll's arrivals). */
  counts?: ReactNode;
  /** Another roll's keyboard hint in place of the roll call's (null: none). */
  keyHint?: ReactNode;
};

/** The bar under the roll: the changes not saved yet, the counts and Save. Memoised: it renders when a count changes. */
export const RollBar = memo(function RollBar({
  barRef,
  present,
  absent,
  justified,
  notMarked,
  unsavedCount,
  saving,
  canSave,
  onSave,
  onDiscard,
  counts,
  keyHint,
}: RollBarProps) {
  const discardButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  // Discarding hides the group its button is in, and the keyboard's focus on it would fall to the page's body: it goes
  // to Save (or, for a role that cannot save, to the bar) once the changes are gone.
  const refocus = useRef(false);
  const discard = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => {
      refocus.current = event.currentTarget === document.activeElement;
      onDiscard();
    },
    [onDiscard],
  );
  useLayoutEffect(() => {
    if (unsavedCount > 0 || !refocus.current) return;
    refocus.current = false;
    const focused = document.activeElement;
    // Only when focus is still on Discard (or already lost): never taken from where the user has moved it since.
    if (focused && focused !== document.body && focused !== discardButton.current) return;
    (saveButton.current ?? barRef.current)?.focus({ preventScroll: true });
  }, [unsavedCount, barRef]);
  return (
    <div className={classes.bar} ref={barRef} tabIndex={canSave ? undefined : -1}>
      {/* Shown while the keyboard is on a student's marks (roll-call.module.css): one Tab stop per student, so a mark
          other than the pressed one is reached with the arrows. A screen reader hears the toolbar's own hint. */}
      {keyHint === undefined ? (
        <Text size="sm" c="gray.9" mb="xs" className={classes.keyHint} aria-hidden data-testid="roll-key-hint">
          <Trans>Keyboard: ← and → choose present, absent or justified for the student in focus; Tab goes to the next student.</Trans>
        </Text>
      ) : (
        keyHint
      )}
      {/* Always in the page, shown once there is a change: the first tap then only shows it (mounting it then made that
          tap the slowest of a roll call), and its status region exists before its text does, as a live region must. */}
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap" data-testid="roll-draft" display={unsavedCount > 0 ? undefined : 'none'}>
        <Group gap={6} wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem' }} role="status">
          <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-orange-9)" style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="sm" fw={600} c="gray.9">
            <Plural
              value={unsavedCount}
              one="# change not saved yet: kept on this device until you save or discard it."
              other="# changes not saved yet: kept on this device until you save or discard them."
            />
          </Text>
        </Group>
        <Button ref={discardButton} variant="default" mih={44} leftSection={<IconTrash size={18} aria-hidden />} onClick={discard}>
          <Trans>Discard changes</Trans>
        </Button>
      </Group>
      <Group justify="space-between" gap="sm">
        <Group gap="md" aria-live="polite" data-testid="roll-counts">
          {counts ?? <RollCounts present={present} absent={absent} justified={justified} notMarked={notMarked} />}
        </Group>
        <SaveAttendance canSave={canSave} saving={saving} onSave={onSave} buttonRef={saveButton} />
      </Group>
    </div>
  );
});

/** A class roll's counts in the bar. */
function RollCounts({ present, absent, justified, notMarked }: Pick<RollBarProps, 'present' | 'absent' | 'justified' | 'notMarked'>) {
  return (
    <>
      <Text fw={600} c={PRESENT_GREEN} className={classes.count}>
        <Trans>Present: {present}</Trans>
      </Text>
      <Text fw={600} c="red.9" className={classes.count}>
        <Trans>Absent: {absent}</Trans>
      </Text>
      {justified > 0 && (
        <Text fw={600} c="blue.9" className={classes.count}>
          <Trans>Justified: {justified}</Trans>
        </Text>
      )}
      {notMarked > 0 && (
        <Text fw={600} c="gray.9" className={classes.count} data-testid="roll-not-marked-count">
          <Trans>Not marked: {notMarked}</Trans>
        </Text>
      )}
    </>
  );
}

/** Save, or why this role cannot: memoised, the counts beside it change at every tap. */
const SaveAttendance = memo(function SaveAttendance({
  canSave,
  saving,
  onSave,
  buttonRef,
}: Pick<RollBarProps, 'canSave' | 'saving' | 'onSave'> & { buttonRef: RefObject<HTMLButtonElement | null> }) {
  return canSave ? (
    // Not `loading`: that disables the button, and a disabled button drops the keyboard's focus (to the page's body).
    <Button
      ref={buttonRef}
      size="md"
      mih={48}
      onClick={saving ? undefined : onSave}
      aria-busy={saving || undefined}
      leftSection={saving ? <Loader size={18} color="white" aria-hidden /> : <IconDeviceFloppy size={20} aria-hidden />}
    >
      <Trans>Save attendance</Trans>
    </Button>
  ) : (
    <Text size="sm" c="gray.7" data-testid="roll-read-only">
      <Trans>Your access can read rolls but not save them.</Trans>
    </Text>
  );
});
