/** The outbox drawer: what is waiting or failed, with retry and discard; an edit refused because someone else changed
 * the record shows theirs and mine side by side, with "keep mine" and "take theirs". Loaded on the first open (keeps
 * the modal machinery out of the first screen's JavaScript). */
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OutboxRow } from '../lib/db.ts';
import { adoptItem, discardItem, isMadeHere, keepMine, retryItem, takeTheirs } from '../offline/outbox.ts';
import { sessionUid } from '../lib/session-user.ts';
import { localMidnight } from '../lib/calendar-date.ts';
import { outboxKinds, permissionOfKind, type OutboxKind } from '../offline/outbox-kinds.ts';
import { useSendingSince } from '../offline/use-outbox.ts';
import { recordFieldLabels, conflictHiddenKeys, conflictRecordKeys, conflictValueText } from './conflict-fields.ts';
import { useRefusalText } from './refusal-text.ts';
import { usePermissions } from './use-permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { classKeys } from '../api/classes.ts';
import type { ClassGroup } from '../api/contract.ts';
import { instructorsOf, seesRollsOf } from '../api/permissions.ts';

const kindLabels: Record<string, MessageDescriptor> = {
  [outboxKinds.studentCreate]: msg`Student registration`,
  [outboxKinds.studentDocument]: msg`Student document`,
  [outboxKinds.studentDocumentRemove]: msg`Document removal`,
  [outboxKinds.guardianCreate]: msg`New guardian`,
  [outboxKinds.guardianUpdate]: msg`Guardian change`,
  [outboxKinds.attendanceRoll]: msg`Attendance roll`,
  [outboxKinds.generalRollSave]: msg`General roll`,
  [outboxKinds.userCreate]: msg`New user`,
  [outboxKinds.userUpdate]: msg`User change`,
  [outboxKinds.studentUpdate]: msg`Student change`,
  [outboxKinds.studentStatus]: msg`Student status`,
  [outboxKinds.guardianRemove]: msg`Guardian removal`,
  [outboxKinds.enrolmentStart]: msg`Enrollment`,
  [outboxKinds.enrolmentEnd]: msg`End of enrollment`,
  [outboxKinds.activityCreate]: msg`New activity`,
  [outboxKinds.activityUpdate]: msg`Activity change`,
  [outboxKinds.classCreate]: msg`New class`,
  [outboxKinds.classUpdate]: msg`Class change`,
  [outboxKinds.consentRecord]: msg`Consent`,
  [outboxKinds.consentTermCreate]: msg`Consent term`,
  [outboxKinds.assessmentSave]: msg`Assessment answers`,
  [outboxKinds.assessmentReview]: msg`Assessment review`,
  [outboxKinds.calendarSet]: msg`Day off in the calendar`,
  [outboxKinds.calendarRemove]: msg`Day off removed from the calendar`,
  [outboxKinds.settingsSave]: msg`Programme settings`,
  [outboxKinds.assessmentFormSave]: msg`Anamnese form questions`,
  [outboxKinds.caseOpen]: msg`Follow-up case opened`,
  [outboxKinds.caseStep]: msg`Follow-up step`,
  [outboxKinds.caseOutcome]: msg`How a contact went`,
  [outboxKinds.caseClose]: msg`Follow-up case closed`,
};

/** The record a versioned write carries (its one object-valued field, e.g. `student`), or the payload itself. */
function mineOf(payload: unknown): Record<string, unknown> {
  const fields = (payload ?? {}) as Record<string, unknown>;
  const inner = Object.values(fields).find((value) => typeof value === 'object' && value !== null && !Array.isArray(value));
  return (inner as Record<string, unknown> | undefined) ?? fields;
}

/** The fields where mine and theirs differ, side by side. */
function ConflictTable({ item }: { item: OutboxRow }) {
  const { t, i18n } = useLinguiMacro();
  const mine = mineOf(item.payload);
  const current = (item.conflict?.current ?? {}) as Record<string, unknown>;
  const theirs = (key: string) => current[conflictRecordKeys[key] ?? key];
  const words = { yes: t`Yes`, no: t`No` };
  const text = (value: unknown, key?: string) => {
    // A roll's marks as its counts, and when it was taken in the user's words.
    if (key === 'entries' && Array.isArray(value)) {
      const count = (status: string) => value.filter((entry: { status?: string }) => entry.status === status).length;
      return t`Present: ${count('PRESENT')}, absent: ${count('ABSENT')}, justified: ${count('JUSTIFIED')}`;
    }
    // A form's questions (an anamnese form's edit) as their texts, in order.
    if (key === 'questions' && Array.isArray(value)) return value.map((question: { text?: unknown }) => String(question.text ?? '')).join(' · ');
    if (key === 'takenAt' && typeof value === 'string') return i18n.date(new Date(value), { dateStyle: 'short', timeStyle: 'short' });
    return conflictValueText(value, words);
  };
  const fields = Object.keys(mine).filter((key) => !conflictHiddenKeys.has(key) && text(mine[key], key) !== text(theirs(key), key));
  return (
    // Fixed columns that wrap long values: an e-mail or an address ran past the drawer's edge.
    <Table
      withTableBorder
      fz="sm"
      layout="fixed"
      style={{ overflowWrap: 'anywhere' }}
      data-testid="conflict-table"
      aria-label={t`Their version and mine`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Field`}</Table.Th>
          <Table.Th>{t`Theirs (on the server)`}</Table.Th>
          <Table.Th>{t`Mine`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((key) => (
          <Table.Tr key={key}>
            <Table.Td>{recordFieldLabels[key] ? i18n._(recordFieldLabels[key]) : key}</Table.Td>
            <Table.Td data-testid="conflict-theirs">{text(theirs(key), key)}</Table.Td>
            <Table.Td data-testid="conflict-mine">{text(mine[key], key)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type Props = { opened: boolean; onClose: () => void; items: OutboxRow[]; pending: number };

export default function OutboxDrawer({ opened, onClose, items, pending }: Props) {
  const { i18n } = useLingui();
  const refusalText = useRefusalText();
  const sentSince = useSendingSince();
  const { t } = useLinguiMacro();
  const [adopting, setAdopting] = useState<string | null>(null);
  const signedIn = sessionUid() !== null;
  // Another account's write is taken over only by a role that may make it (the server would refuse it anyway, and a
  // child's registration taken over by an instructor would sit in their list).
  const { can, me } = usePermissions();
  const queryClient = useQueryClient();
  /** A roll's class (as the device's cached list has it) and day. */
  const rollWhere = (item: OutboxRow) => {
    const { classId, date } = (item.payload ?? {}) as { classId?: unknown; date?: unknown };
    const group = queryClient.getQueryData<ClassGroup[]>(classKeys.all)?.find((candidate) => candidate.id === classId);
    return { group, date: typeof date === 'string' ? date : undefined };
  };
  const rollOf = (item: OutboxRow) => {
    const { group, date } = rollWhere(item);
    const day = date ? i18n.date(localMidnight(date), { dateStyle: 'medium' }) : '';
    const title = group?.title ?? t`a class`;
    return t`${title}, ${day}`;
  };
  const mayWrite = (item: OutboxRow) => {
    if (!(item.kind in permissionOfKind)) return true;
    if (!can(permissionOfKind[item.kind as OutboxKind])) return false;
    if (item.kind !== outboxKinds.attendanceRoll || !me) return true;
    // A roll: of a class whose rolls this user sees (an instructor's own, or one that names no instructor).
    return seesRollsOf(me, instructorsOf(rollWhere(item).group ?? {}));
  };
  const refused = new Set(items.filter((item) => item.state === 'failed').map((item) => item.id));
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t`Changes saved on this device`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack gap="sm">
        {items.length === 0 && (
          <Text>
            <Trans>Everything has been sent to the server.</Trans>
          </Text>
        )}
        {pending > 0 && (
          <Text>
            <Plural value={pending} one="# change waiting to be sent" other="# changes waiting to be sent" />
          </Text>
        )}
        {items.map((item) => (
          <Stack key={item.id} gap={4} p="sm" bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 8 }} data-testid="outbox-item">
            <Group justify="space-between">
              <Text fw={600}>{kindLabels[item.kind] ? i18n._(kindLabels[item.kind]!) : item.kind}</Text>
              <Badge color={item.state === 'failed' ? 'red.9' : 'blue.9'}>
                {item.state === 'failed' ? <Trans>Failed</Trans> : <Trans>Pending</Trans>}
              </Badge>
            </Group>
            <Text size="sm">{i18n.date(new Date(item.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</Text>
            {item.kind === outboxKinds.attendanceRoll && isMadeHere(item) && (
              // Which roll: two saved offline were otherwise two alike rows.
              <Text size="sm" data-testid="outbox-roll-of">
                {rollOf(item)}
              </Text>
            )}
            {item.kind === outboxKinds.generalRollSave && isMadeHere(item) && rollWhere(item).date && (
              // Which day's general roll (issue 52).
              <Text size="sm" data-testid="outbox-roll-of">
                {i18n.date(localMidnight(rollWhere(item).date!), { dateStyle: 'medium' })}
              </Text>
            )}
            {!isMadeHere(item) && (
              // Another account's work: neither its content nor a way to drop it is shown to whoever is signed in now;
              // they may take it as theirs (its author may never sign in here again), after saying so.
              <>
                <Text size="sm" data-testid="outbox-other-account">
                  <Trans>Saved by another account on this device. It is sent when that account signs in here again.</Trans>
                </Text>
                {signedIn && mayWrite(item) && adopting !== item.id && (
                  <Group>
                    <Button size="xs" mih={44} variant="default" onClick={() => setAdopting(item.id)}>
                      <Trans>Send as mine…</Trans>
                    </Button>
                  </Group>
                )}
                {signedIn && adopting === item.id && (
                  <>
                    <Text size="sm">
                      <Trans>The server will record you as the one who made this change, not the account that saved it.</Trans>
                    </Text>
                    <Group>
                      <Button size="xs" mih={44} onClick={() => void adoptItem(item.id).then(() => setAdopting(null))}>
                        <Trans>Send as mine</Trans>
                      </Button>
                      <Button size="xs" mih={44} variant="default" onClick={() => setAdopting(null)}>
                        <Trans>Cancel</Trans>
                      </Button>
                    </Group>
                  </>
                )}
              </>
            )}
            {item.state === 'pending' && sentSince(item.id) !== undefined && (
              <Text size="sm" data-testid="outbox-sending">
                {t`Being sent since ${i18n.date(new Date(sentSince(item.id)!), { timeStyle: 'medium' })}; the changes after it wait for the server's answer.`}
              </Text>
            )}
            {item.state === 'pending' && item.dependsOn !== undefined && refused.has(item.dependsOn) && (
              <Text size="sm" data-testid="outbox-waits-for-refused">
                <Trans>Waits for a refused change of the same record: retry or discard that one, and this one is sent.</Trans>
              </Text>
            )}
            {item.state === 'failed' && isMadeHere(item) && (
              <>
                <Text size="sm" c="red.9" data-testid="outbox-reason">
                  {refusalText(item)}
                </Text>
                {item.conflict ? (
                  <>
                    <Text size="sm">
                      <Trans>Someone else changed this record after you started. Compare, then keep yours or take theirs.</Trans>
                    </Text>
                    <ConflictTable item={item} />
                    <Group>
                      <Button size="xs" mih={44} onClick={() => void keepMine(item.id)}>
                        <Trans>Keep mine</Trans>
                      </Button>
                      <Button size="xs" mih={44} variant="default" onClick={() => void takeTheirs(item.id)}>
                        <Trans>Take theirs</Trans>
                      </Button>
                    </Group>
                  </>
                ) : null}
                {/* A conflict is settled by keep mine or take theirs; Mantine's Group shows through a hidden attribute. */}
                {!item.conflict && (
                  <Group>
                    <Button size="xs" mih={44} onClick={() => void retryItem(item.id)}>
                      <Trans>Retry</Trans>
                    </Button>
                    <Button size="xs" mih={44} variant="default" onClick={() => void discardItem(item.id)}>
                      <Trans>Discard</Trans>
                    </Button>
                  </Group>
                )}
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}
